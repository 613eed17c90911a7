import { config } from 'zod/v4/core'

// zod compiles object parsers with `new Function` when it may, and probes for that when the first object
// schema is built. Under our CSP (no 'unsafe-eval') the probe is refused and reported as a violation on
// every page. In the browser, zod runs without it; the server keeps the faster compiled parsers.
// Imported first by features/i18n/react.tsx, which every browser bundle (root route, islands) loads
// before any schema: React Router imports the route modules before entry.client.
if (typeof document !== 'undefined') config({ jitless: true })
