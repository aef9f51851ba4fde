import type { CategoryTree, CategoryTreeInput } from '@chamber/contract';
import { endpoints } from '@chamber/contract/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { api, ApiError } from '@/lib/api/client';
import { categoriesQueryOptions, useCategories } from '@/lib/api/categories';
import { memberKeys } from '@/lib/api/members';

interface Row {
  key: string;
  slug: string;
  name: string;
  description: string;
}
interface Draft extends Row {
  children: Row[];
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

const draftOf = (tree: CategoryTree): Draft[] =>
  tree.categories.map((c) => ({
    key: c.slug,
    slug: c.slug,
    name: c.name,
    description: c.description,
    children: c.children.map((k) => ({ ...k, key: k.slug })),
  }));

/** A slug for a new category's name: lower-case words joined by hyphens. */
export const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

const bodyOf = (draft: Draft[], detachRemoved: boolean): CategoryTreeInput => ({
  categories: draft.map((c) => ({
    slug: c.slug,
    name: c.name,
    description: c.description,
    children: c.children.map((k) => ({ slug: k.slug, name: k.name, description: k.description })),
  })),
  detachRemoved,
});

/**
 * Staff's editor of the directory's categories: top-level categories with their
 * subcategories, saved together (PUT /admin/categories). Removing a category businesses
 * picked is refused first; the refusal names them and offers to remove it from their
 * listings.
 */
export function DirectoryCategories() {
  const tree = useCategories();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft[] | null>(null);
  const [problem, setProblem] = useState<{ message: string; inUse: boolean } | null>(null);
  const id = useId();
  // The stored tree, once loaded, is where the editing starts.
  if (tree.data && draft === null) setDraft(draftOf(tree.data));

  const save = useMutation({
    mutationFn: (body: CategoryTreeInput) =>
      api.call(endpoints.members.replaceCategories, {
        body,
        errorMessage: 'Failed to save the categories',
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(categoriesQueryOptions().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      setDraft(draftOf(saved));
      setProblem(null);
      toast.success('Categories saved');
    },
    onError: (error) =>
      setProblem({
        message: error.message,
        inUse: error instanceof ApiError && error.status === 409,
      }),
  });

  if (tree.isError) return <p role="alert">{tree.error.message}</p>;
  if (!draft) return <p className="text-muted-foreground">Loading categories…</p>;

  const update = (i: number, change: Partial<Draft>) =>
    setDraft(draft.map((c, k) => (k === i ? { ...c, ...change } : c)));
  const updateChild = (i: number, j: number, change: Partial<Row>) =>
    update(i, { children: draft[i]!.children.map((c, k) => (k === j ? { ...c, ...change } : c)) });

  const fields = (row: Row, label: string, set: (change: Partial<Row>) => void) => (
    <div className="grid gap-2 sm:grid-cols-[1fr_1fr_2fr]">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-${row.key}-name`}>
          Name<span className="sr-only"> of {label}</span>
        </Label>
        <Input
          id={`${id}-${row.key}-name`}
          value={row.name}
          maxLength={80}
          required
          onChange={(e) =>
            set({
              name: e.target.value,
              // A new category's slug follows its name until it is saved.
              ...(row.key.startsWith('new-') ? { slug: slugOf(e.target.value) } : {}),
            })
          }
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-${row.key}-slug`}>
          Slug<span className="sr-only"> of {label}</span>
        </Label>
        <Input
          id={`${id}-${row.key}-slug`}
          value={row.slug}
          maxLength={60}
          required
          onChange={(e) => set({ slug: e.target.value })}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-${row.key}-description`}>
          Description<span className="sr-only"> of {label}</span>
        </Label>
        <Input
          id={`${id}-${row.key}-description`}
          value={row.description}
          maxLength={300}
          onChange={(e) => set({ description: e.target.value })}
        />
      </div>
    </div>
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(bodyOf(draft!, false));
  }

  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6"
      noValidate
    >
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Directory categories
        </h2>
        <p className="text-sm text-muted-foreground">
          Businesses pick from these (Basic 1, Enhanced 3, Elite 5); each has its page at
          /members/category/slug. A category keeps its businesses by its slug when renamed or moved.
        </p>
      </div>
      {draft.map((category, i) => (
        <fieldset key={category.key} className="grid gap-3 rounded-lg border p-3">
          <legend className="px-1 text-sm font-semibold">{category.name || 'New category'}</legend>
          {fields(category, category.name || `category ${i + 1}`, (change) => update(i, change))}
          <ul
            className="grid gap-3 border-l-2 pl-3 sm:pl-5"
            aria-label={`Subcategories of ${category.name}`}
          >
            {category.children.map((child, j) => (
              <li key={child.key} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
                {fields(child, child.name || `subcategory ${j + 1}`, (change) =>
                  updateChild(i, j, change),
                )}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${child.name || `subcategory ${j + 1}`}`}
                  onClick={() =>
                    update(i, { children: category.children.filter((_, k) => k !== j) })
                  }
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() =>
                update(i, {
                  children: [
                    ...category.children,
                    { key: newKey(), slug: '', name: '', description: '' },
                  ],
                })
              }
            >
              <PlusIcon aria-hidden="true" />
              Add a subcategory<span className="sr-only"> to {category.name}</span>
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setDraft(draft.filter((_, k) => k !== i))}
            >
              <Trash2Icon aria-hidden="true" />
              Remove {category.name || 'this category'}
            </Button>
          </div>
        </fieldset>
      ))}
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() =>
          setDraft([...draft, { key: newKey(), slug: '', name: '', description: '', children: [] }])
        }
      >
        <PlusIcon aria-hidden="true" />
        Add a category
      </Button>
      {problem ? (
        <div
          role="alert"
          className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <p className="text-destructive">{problem.message}</p>
          {problem.inUse ? (
            <Button
              type="button"
              variant="destructive"
              className="justify-self-start"
              onClick={() => save.mutate(bodyOf(draft, true))}
            >
              Remove them from those listings and save
            </Button>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          Save Categories
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            if (tree.data) setDraft(draftOf(tree.data));
            setProblem(null);
          }}
        >
          Discard changes
        </Button>
      </div>
    </form>
  );
}
