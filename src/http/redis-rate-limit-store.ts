// Fixed-window request counters in Redis, shared by every process on it (REDIS_URL). Apart from the
// in-memory store so that a process without Redis never loads its client.
import { Redis } from 'ioredis';
import type { RateLimitStore, WindowCount } from './rate-limit-store.ts';

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix: string) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const k = `${this.prefix}:rl:${key}`;
    const [[, count], [, ttl]] = (await this.redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
    if (ttl < 0) {
      await this.redis.pexpire(k, windowMs);
      return { count, resetMs: windowMs };
    }
    return { count, resetMs: ttl };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
