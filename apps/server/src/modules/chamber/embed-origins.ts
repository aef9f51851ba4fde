import { embedSettingsSchema } from '@chamber/contract';
import { chambers, type Database } from '@chamber/db';

/** The columns of the chamber's record that name external forms its pages embed. */
const embedColumns = embedSettingsSchema.keyof().options;

function originOf(url: string): string | null {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The origins of the configured embeds, read from the database at most every `ttlMs` and at
 * once after a change in this process (`invalidate`). Other processes catch up within the
 * TTL, so a page never waits on the database for its headers.
 */
export class EmbedOrigins {
  private cached: { origins: string[]; at: number } | undefined;
  private loading: Promise<string[]> | undefined;

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 30_000,
  ) {}

  async get(): Promise<string[]> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.origins;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  invalidate(): void {
    this.cached = undefined;
  }

  private async load(): Promise<string[]> {
    try {
      const rows = await this.db.select().from(chambers);
      const origins = new Set<string>();
      for (const row of rows) {
        for (const column of embedColumns) {
          const origin = row[column] ? originOf(row[column]) : null;
          if (origin) origins.add(origin);
        }
      }
      const list = [...origins].sort();
      this.cached = { origins: list, at: Date.now() };
      return list;
    } catch {
      // Without the database, pages still get a policy: the strict one without embeds.
      return this.cached?.origins ?? [];
    }
  }
}
