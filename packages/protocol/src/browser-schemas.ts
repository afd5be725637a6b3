import { z } from 'zod';

/*
 * In a browser the schemas parse without generating code. Zod compiles object parsers with
 * `new Function` when it may, deciding so when each schema is built by trying it once: under a
 * Content-Security-Policy without 'unsafe-eval' (the portal's, and any careful host page's)
 * that try is reported as a violation even though it is caught. Browsers parse a few frames a
 * second; the server, which parses many, keeps the compiled parsers. Imported before every
 * module that builds a schema.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });
