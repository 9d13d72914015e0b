/**
 * What the feedback service accepts and how often: the bounds of one submission and each client's
 * share. A client is known by a salted hash of its address, kept in memory only: the salt is drawn
 * when the process starts and never written, so no address can be read back from anything.
 */
import {createHash, randomBytes} from 'node:crypto';

import {maxCommentChars, maxSampleChars, sampleLabel} from '../../src/feedback-limits';

export {maxCommentChars, maxSampleChars, sampleLabel};

/** Largest request body, in bytes. */
export const maxBodyBytes = 4 * 1024;

/** Longest page reference (a docs URL with its anchor: browsers cut URLs near 2,000). */
export const maxPageChars = 2048;

/** Submissions one client may send a minute, and a day. */
export const perMinute = 10;
export const perDay = 100;

/** Most clients remembered at once: past it, those first seen longest ago are forgotten. */
const maxClients = 100_000;

type Windows = {minuteStart: number; minute: number; dayStart: number; day: number};

/** Each client's submissions this minute and this day, by salted hash of its address. */
export class ClientLimiter {
  private readonly salt = randomBytes(32);
  private readonly clients = new Map<string, Windows>();

  constructor(private readonly limits: {perMinute: number; perDay: number} = {perMinute, perDay}) {}

  /** Counts a submission of `address`, or says in how many seconds it may send again. */
  admit(address: string, now = Date.now()): {retryAfter: number; reason: string} | undefined {
    const key = createHash('sha256').update(this.salt).update(address).digest('base64');
    let windows = this.clients.get(key);
    if (!windows) {
      if (this.clients.size >= maxClients) this.forgetOldest();
      windows = {minuteStart: now, minute: 0, dayStart: now, day: 0};
      this.clients.set(key, windows);
    }
    if (now - windows.minuteStart >= 60_000) Object.assign(windows, {minuteStart: now, minute: 0});
    if (now - windows.dayStart >= 86_400_000) Object.assign(windows, {dayStart: now, day: 0});
    const seconds = (end: number) => Math.max(1, Math.ceil((end - now) / 1000));
    if (windows.day >= this.limits.perDay)
      return {
        retryAfter: seconds(windows.dayStart + 86_400_000),
        reason: `More than ${this.limits.perDay} submissions a day`,
      };
    if (windows.minute >= this.limits.perMinute)
      return {
        retryAfter: seconds(windows.minuteStart + 60_000),
        reason: `More than ${this.limits.perMinute} submissions a minute`,
      };
    windows.minute += 1;
    windows.day += 1;
    return undefined;
  }

  /** Drops the tenth of the clients first seen longest ago (a Map keeps insertion order). */
  private forgetOldest() {
    let drop = Math.ceil(this.clients.size / 10);
    for (const key of this.clients.keys()) {
      if (drop-- <= 0) break;
      this.clients.delete(key);
    }
  }
}
