import { randomBytes } from 'node:crypto';
import type { Sql } from '../db/database';

/**
 * A secret shared by every server process: the first process to need it creates it in the
 * database, the rest read the same row. Configuration can still supply its own.
 */
export async function sharedSecret(db: Sql, name: string, create: () => string): Promise<string> {
  await db.query('INSERT INTO portal_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    create(),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM portal_secrets WHERE name = $1', [name]);
  if (!row) throw new Error(`portal secret ${name} is missing`);
  return row.value;
}

export const randomHex = (bytes: number) => () => randomBytes(bytes).toString('hex');
