import { endpoints } from '@chamber/contract/endpoints';
import type { Member } from '@chamber/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { api } from '@/lib/api/client';
import { useCategories } from '@/lib/api/categories';
import { memberKeys } from '@/lib/api/members';

/** PUT /members/{id}/categories: the listing's categories; answers the updated member. */
function useUpdateCategories(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categories: string[]) =>
      api.call(endpoints.members.setCategories, {
        params: { id },
        body: { categories },
        errorMessage: 'Failed to save the categories',
      }),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.detail(id), member);
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
    },
  });
}

const plural = (n: number) => `${n} ${n === 1 ? 'category' : 'categories'}`;

/**
 * The directory categories of a member's page, saved on their own: as many as the listing's
 * plan allows (`categoryLimit`); once that many are ticked the others wait until one is
 * unticked. The server holds the same rule and names the limit if it is passed.
 */
export function CategoryPicker({ member }: { member: Member }) {
  const tree = useCategories();
  const [chosen, setChosen] = useState(() => member.categories.map((c) => c.slug));
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useUpdateCategories(member.id);
  const id = useId();
  const limit = member.categoryLimit;
  const full = chosen.length >= limit;

  const toggle = (slug: string, on: boolean) =>
    setChosen((c) => (on ? [...c.filter((s) => s !== slug), slug] : c.filter((s) => s !== slug)));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      const saved = await mutation.mutateAsync(chosen);
      setChosen(saved.categories.map((c) => c.slug));
      toast.success('Categories saved');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Failed to save the categories');
    }
  }

  const box = (slug: string, name: string) => {
    const checked = chosen.includes(slug);
    return (
      <div key={slug} className="flex items-center gap-2">
        <Checkbox
          id={`${id}-${slug}`}
          checked={checked}
          disabled={!checked && full}
          onCheckedChange={(value) => toggle(slug, value === true)}
        />
        <Label htmlFor={`${id}-${slug}`} className="font-normal">
          {name}
        </Label>
      </div>
    );
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      aria-labelledby={`${id}-title`}
      className="grid gap-5"
      noValidate
    >
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Categories
        </h3>
        <p className="text-sm text-muted-foreground" id={`${id}-limit`}>
          Where the directory lists the business. This plan allows {plural(limit)}:{' '}
          <span aria-live="polite">{chosen.length} chosen</span>.
        </p>
      </div>
      {tree.isPending ? (
        <p className="text-sm text-muted-foreground">Loading categories…</p>
      ) : tree.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {tree.error.message}
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {tree.data.categories.map((category) => (
            <fieldset
              key={category.slug}
              className="grid content-start gap-2 rounded-lg border p-3"
              aria-describedby={`${id}-limit`}
            >
              <legend className="px-1 text-sm font-semibold">{category.name}</legend>
              {box(category.slug, `All of ${category.name}`)}
              {category.children.map((child) => box(child.slug, child.name))}
            </fieldset>
          ))}
        </div>
      )}
      {problem ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {problem}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={mutation.isPending}>
        Save Categories
      </Button>
    </form>
  );
}
