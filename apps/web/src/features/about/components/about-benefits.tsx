import {
  CalendarDaysIcon,
  GraduationCapIcon,
  HandshakeIcon,
  MegaphoneIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const sections: {
  icon: LucideIcon;
  title: string;
  text: string;
  link: { label: string; href: string };
}[] = [
  {
    icon: HandshakeIcon,
    title: 'Networking that turns into business',
    text: 'Monthly luncheons, networking breakfasts, ribbon cuttings and the Annual Dinner bring owners, managers and community leaders into one room. New members introduce their business in two minutes at their first luncheon.',
    link: { label: 'See upcoming events', href: paths.calendar.href() },
  },
  {
    icon: MegaphoneIcon,
    title: 'Visibility in the community',
    text: 'Every member is listed in our online directory. Enhanced and Elite members add their website, bio and map, a yearly feature in the local newspaper and, for Elite, a radio spotlight and a placemat ad at every luncheon.',
    link: { label: 'Browse the member directory', href: paths.members.href() },
  },
  {
    icon: GraduationCapIcon,
    title: 'Education for owners and staff',
    text: 'Discounted courses each quarter on marketing, finance, hiring and the tools small businesses rely on, taught by members and local experts.',
    link: { label: 'Compare membership levels', href: paths.join.href() },
  },
  {
    icon: CalendarDaysIcon,
    title: 'Community and recognition',
    text: 'A booth at the Fall Festival, sponsorship opportunities throughout the year, and awards for the Business of the Month and the Customer Service Superstar.',
    link: { label: 'Nominations and awards', href: paths.nominations.href() },
  },
];

/** The benefit sections of the about page. */
export function AboutBenefits() {
  return (
    <section aria-labelledby="benefits-title" className="grid gap-8">
      <h2 id="benefits-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
        What membership brings
      </h2>
      <div className="grid gap-6 sm:grid-cols-2">
        {sections.map(({ icon: Icon, title, text, link }) => (
          <div key={title} className="flex gap-4">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <div className="grid content-start gap-2">
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-muted-foreground">{text}</p>
              <Link
                to={link.href}
                className="w-fit rounded-sm font-medium text-primary hover:underline"
              >
                {link.label}
              </Link>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
