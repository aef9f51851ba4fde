// Writes dist/endpoint-routes.js: every endpoint of the contract with its method and path (and
// its file answers), without a zod schema. A production build of the web app resolves
// `@chamber/contract/endpoints` to it (the `routes-only` condition), so calling the API does
// not bring zod and the schemas into the first download; development and tests resolve the
// full endpoints and check every answer against them.
import { writeFileSync } from 'node:fs';
import { endpoints } from '../dist/endpoints.js';
import { isFileAnswer } from '../dist/endpoint-runtime.js';

const routes = Object.fromEntries(
  Object.entries(endpoints).map(([module, declared]) => [
    module,
    Object.fromEntries(
      Object.entries(declared).map(([name, endpoint]) => [
        name,
        {
          method: endpoint.method,
          path: endpoint.path,
          responses: Object.fromEntries(
            Object.entries(endpoint.responses).filter(([, answer]) => isFileAnswer(answer)),
          ),
        },
      ]),
    ),
  ]),
);
writeFileSync(
  new URL('../dist/endpoint-routes.js', import.meta.url),
  `// Written by scripts/write-endpoint-routes.mjs from the contract's endpoints.\nexport const endpoints = ${JSON.stringify(routes, null, 2)};\n`,
);
