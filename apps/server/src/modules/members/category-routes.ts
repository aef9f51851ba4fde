import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { categoryTreeSchema, endpoints } from '@chamber/contract';
import { KeptResponses } from '../../lib/kept-responses.js';
import { contractRoute } from '../../lib/contract-route.js';
import { optionalBearer, requireSession } from '../../plugins/auth.js';
import type { ModuleDeps } from '../deps.js';
import { CategoriesService } from './categories.js';
import { MembersService } from './service.js';

/** The directory's categories: the public tree, staff's editing of it, a listing's picks. */
export const categoryRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const categories = new CategoriesService(deps.db, deps.clock);
  const members = new MembersService(deps.db, deps.clock, deps.config.publicUrl);
  // The tree is the same for everyone: computed once per data version.
  const kept = new KeptResponses(deps.db, { name: 'categories', maxEntries: 1, maxSize: 1 << 20 });

  contractRoute(
    app,
    endpoints.members.categories,
    {
      schema: {
        security: optionalBearer,
        tags: ['members'],
        summary: 'The directory’s categories: a tree two levels deep',
        description:
          'Top-level categories in the chamber’s order, each with its subcategories. `memberCount` counts the listed businesses in a category (a top-level one includes its subcategories’). Filter the directory with `GET /members?category={slug}`; each category has its page at /members/category/{slug}.',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const body = await kept.get('tree', categoryTreeSchema, () => categories.tree());
      return body.send(request, reply);
    },
  );

  contractRoute(
    app,
    endpoints.members.replaceCategories,
    {
      config: { access: 'staff' },
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['members', 'admin'],
        summary: 'Replace the directory’s categories (moderators and admins)',
        description:
          'The whole tree, in order. A category is kept by its slug: renaming it or moving it under another parent keeps its businesses. A slug used twice or a subcategory with subcategories is refused (400, naming the field). A category left out that businesses picked is refused (409, naming it and how many) unless `detachRemoved: true`, which removes it from their listings. Audited.',
      },
    },
    async (request) => categories.replaceTree(request.body, requireSession(request)),
  );

  contractRoute(
    app,
    endpoints.members.setCategories,
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['members'],
        summary:
          'Set the categories a business is listed under (the member, a moderator or an admin)',
        description:
          'Slugs of GET /categories, in the business’s order, top-level or subcategories. How many depends on the listing’s plan (`features.categories`: Basic 1, Enhanced 3, Elite 5); more is refused (403 tier_required, naming the limit), an unknown slug too (400). [] clears them.',
      },
    },
    async (request) =>
      members.setCategories(request.params.id, request.body.categories, requireSession(request)),
  );
};
