import type { CategoryTree } from '@chamber/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

const chip =
  'inline-flex min-h-9 items-center rounded-full border px-3 py-1 text-sm font-medium transition-colors hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';
const current = 'border-primary bg-primary text-primary-foreground hover:text-primary-foreground';

/**
 * Browse by category: links, so the server-drawn directory filters without scripts. On the
 * directory, the top-level categories; on a category's page, its way back up and its
 * subcategories (or its siblings, for a subcategory).
 */
export function CategoryNav({ tree, slug }: { tree: CategoryTree; slug: string | null }) {
  const parent = slug
    ? tree.categories.find((c) => c.slug === slug || c.children.some((k) => k.slug === slug))
    : undefined;
  const links = parent ? parent.children : tree.categories;
  if (tree.categories.length === 0) return null;
  return (
    <nav aria-label="Categories" className="grid gap-2">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={paths.members.href()} className={cn(chip, !slug && current)}>
            All categories
          </Link>
        </li>
        {parent ? (
          <li>
            <Link
              to={paths.membersCategory.href(parent.slug)}
              aria-current={parent.slug === slug ? 'page' : undefined}
              className={cn(chip, parent.slug === slug && current)}
            >
              {parent.name}
            </Link>
          </li>
        ) : null}
      </ul>
      <ul className="flex flex-wrap gap-2">
        {links.map((category) => (
          <li key={category.slug}>
            <Link
              to={paths.membersCategory.href(category.slug)}
              aria-current={category.slug === slug ? 'page' : undefined}
              className={cn(chip, category.slug === slug && current)}
            >
              {category.name}
              <span className="ml-1.5 text-xs opacity-75">({category.memberCount})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
