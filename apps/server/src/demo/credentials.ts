/**
 * Every demo account's password; only ever set in embedded demo mode (README lists them). Its own
 * module so the seeders and the seed that runs them import it without importing each other.
 */
export const DEMO_PASSWORD = 'Demo2026';
