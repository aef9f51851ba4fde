import type { Profile } from '@chamber/contract';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function memberSince(createdAt: string) {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** The signed-in user's account, as the profile call returns it. */
export function ProfileSummary({ profile }: { profile: Profile }) {
  const rows: [string, string][] = [
    ['Email', profile.email],
    ['Phone', profile.phone || 'Not provided'],
    ['Business', profile.businessName || 'Not provided'],
    ['Membership tier', capitalise(profile.membershipTier)],
    ['Member since', memberSince(profile.createdAt)],
  ];

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle className="text-2xl">{profile.businessName || profile.name}</CardTitle>
        {profile.businessName ? <p className="text-muted-foreground">{profile.name}</p> : null}
        <div className="mt-2 flex flex-wrap gap-2">
          <Badge variant="secondary">{capitalise(profile.status)}</Badge>
          <Badge variant="outline">{capitalise(profile.role)}</Badge>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
