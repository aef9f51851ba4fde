// Writes dist/endpoint-routes.js: every endpoint of the contract with its method and path (and
// its file answers), without a zod schema. A production build of the web app resolves
// `@chamber/contract/endpoints` to it (the `routes-only` condition), so calling the API does
// not bring zod and the schemas into the first download; development and tests resolve the
// full endpoints and check every answer against them.
import { writeFileSync } from 'node:fs';
import { endpoints } from '../dist/endpoints.js';
import { isFileAnswer } from '../dist/endpoint-runtime.js';

// Compact, as the first download carries it whole: `name: "METHOD /path"`, or an object where
// the endpoint answers with a file; expanded to { method, path, responses } when it loads.
const routes = Object.fromEntries(
  Object.entries(endpoints).map(([module, declared]) => [
    module,
    Object.fromEntries(
      Object.entries(declared).map(([name, endpoint]) => {
        const files = Object.fromEntries(
          Object.entries(endpoint.responses).filter(([, answer]) => isFileAnswer(answer)),
        );
        return [
          name,
          Object.keys(files).length === 0
            ? `${endpoint.method} ${endpoint.path}`
            : { method: endpoint.method, path: endpoint.path, responses: files },
        ];
      }),
    ),
  ]),
);
const expand = `const expand = (table) =>
  Object.fromEntries(
    Object.entries(table).map(([module, declared]) => [
      module,
      Object.fromEntries(
        Object.entries(declared).map(([name, route]) => {
          if (typeof route !== 'string') return [name, route];
          const space = route.indexOf(' ');
          return [name, { method: route.slice(0, space), path: route.slice(space + 1), responses: {} }];
        }),
      ),
    ]),
  );`;
writeFileSync(
  new URL('../dist/endpoint-routes.js', import.meta.url),
  `// Written by scripts/write-endpoint-routes.mjs from the contract's endpoints.\n${expand}\nexport const endpoints = expand(${JSON.stringify(routes)});\n`,
);
