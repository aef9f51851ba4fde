import { updateLocationSchema, type Member } from '@chamber/contract';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUpdateLocation } from '../api/update-member';

/**
 * The business's map pin (plans that show the address): placed from the address by the
 * geocoder, or moved here by latitude and longitude, e.g. copied from a map app. The server
 * refuses a pin outside the chamber's region, with a sentence shown here.
 */
export function PinEditor({ member }: { member: Member }) {
  const [lat, setLat] = useState(member.location ? String(member.location.lat) : '');
  const [lng, setLng] = useState(member.location ? String(member.location.lng) : '');
  const [problem, setProblem] = useState('');
  const mutation = useUpdateLocation(member.id);
  const id = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = updateLocationSchema.safeParse({
      lat: lat.trim() === '' ? undefined : Number(lat),
      lng: lng.trim() === '' ? undefined : Number(lng),
    });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Enter a latitude and a longitude.');
      return;
    }
    setProblem('');
    try {
      await mutation.mutateAsync(checked.data);
      toast.success('Map pin saved');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Failed to save the map pin');
    }
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={`${id}-title`}
      className="grid gap-3"
      noValidate
    >
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Map Pin
        </h3>
        <p className="text-sm text-muted-foreground">
          {member.location
            ? 'Where your business stands on the directory map. Move it by its coordinates.'
            : 'Your pin is placed from your address shortly after it is saved; you may also set it here.'}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-lat`}>Latitude</Label>
          <Input
            id={`${id}-lat`}
            inputMode="decimal"
            value={lat}
            onChange={(e) => setLat(e.target.value)}
            placeholder="40.5219"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-lng`}>Longitude</Label>
          <Input
            id={`${id}-lng`}
            inputMode="decimal"
            value={lng}
            onChange={(e) => setLng(e.target.value)}
            placeholder="-111.9391"
          />
        </div>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="outline" disabled={mutation.isPending}>
          Save Pin
        </Button>
      </div>
    </form>
  );
}
