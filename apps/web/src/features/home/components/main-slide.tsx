import { MegaphoneIcon, SproutIcon, UsersRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useChamber } from '@/lib/chamber/use-chamber';
import { MAIN_SLIDE_TITLE } from '../lib/home-slides';

const reasons = [
  {
    icon: UsersRoundIcon,
    title: 'Connect',
    text: 'Meet fellow owners at monthly luncheons, networking breakfasts and ribbon cuttings.',
  },
  {
    icon: MegaphoneIcon,
    title: 'Be seen',
    text: 'A listing in our member directory, features in the newspaper and on local radio.',
  },
  {
    icon: SproutIcon,
    title: 'Grow',
    text: 'Discounted education courses, sponsorships and a voice in the local economy.',
  },
];

/** The carousel's first slide: why join, and Join Now! (docs/product.md#screens Home). */
export function MainSlide() {
  const { name, location } = useChamber();
  const place = location?.city ? `in ${location.city}` : 'in our community';
  return (
    <div className="relative isolate flex w-full overflow-hidden bg-primary text-primary-foreground dark:bg-[color-mix(in_oklab,var(--primary)_30%,var(--card))] dark:text-foreground">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_85%_10%,rgb(255_255_255/0.2),transparent_45%),radial-gradient(circle_at_0%_120%,rgb(0_0_0/0.28),transparent_55%)]"
      />
      <div className="mx-auto grid w-full max-w-7xl grid-cols-1 content-center items-center gap-10 px-5 py-12 sm:px-10 md:grid-cols-[3fr_2fr] md:py-16">
        <div className="grid min-w-0 grid-cols-1 justify-items-start gap-5">
          <p className="text-sm font-semibold tracking-widest uppercase">{name}</p>
          <h2 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {MAIN_SLIDE_TITLE}
          </h2>
          <p className="max-w-xl text-lg">
            Because business is better together. Join the owners and managers who build the local
            economy {place}: we open doors, share what works and cheer each other on.
          </p>
          <Button
            asChild
            size="lg"
            className="bg-background text-foreground hover:bg-background/90 dark:bg-primary dark:text-primary-foreground dark:hover:bg-primary/90"
          >
            <Link to={paths.join.href()}>Join Now!</Link>
          </Button>
        </div>
        <ul className="hidden gap-3 md:grid">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="flex gap-4 rounded-xl border border-current/20 bg-current/5 p-4"
            >
              <Icon className="mt-0.5 size-6 shrink-0" aria-hidden="true" />
              <div>
                <p className="font-semibold">{title}</p>
                <p className="text-sm">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
