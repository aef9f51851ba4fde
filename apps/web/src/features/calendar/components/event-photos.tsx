import { useQuery } from '@tanstack/react-query';
import { MemberGallery } from '@/components/members/member-gallery';
import { eventPhotosQueryOptions } from '@/lib/api/celebrations';

/**
 * The photos staff put up after a ribbon cutting or milestone celebration, under the event's
 * details; nothing for any other event (or while they load).
 */
export function EventPhotos({ eventId }: { eventId: string }) {
  const { data } = useQuery(eventPhotosQueryOptions(eventId));
  if (!data || data.photos.length === 0) return null;
  const owner = data.business?.name ?? 'Event';
  return (
    <section
      aria-labelledby="event-photos"
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:p-6"
    >
      <h2 id="event-photos" className="text-xl font-semibold">
        Photos
      </h2>
      <MemberGallery images={data.photos} owner={owner} />
    </section>
  );
}
