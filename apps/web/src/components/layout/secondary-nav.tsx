import { NavLink } from 'react-router';
import { cn } from '@/lib/utils';
import { secondaryNavItems } from './nav-items';

/** The strip under the header on wide screens. */
export function SecondaryNav() {
  return (
    <nav aria-label="Membership" className="hidden border-t bg-surface lg:block">
      <ul className="mx-auto flex h-10 max-w-7xl items-center gap-6 px-6">
        {secondaryNavItems.map((item) => (
          <li key={item.href}>
            <NavLink
              to={item.href}
              className={({ isActive }) =>
                cn(
                  'rounded-sm text-sm text-muted-foreground hover:text-foreground',
                  isActive && 'font-medium text-foreground',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
