import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { asc, eq, like, sql } from 'drizzle-orm';
import { outbox } from '../../db/schema/email';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  BACKOFF_BASE_SECONDS,
  MAX_ATTEMPTS,
  startEmailDelivery,
  type DeliveryLog,
  type EmailDelivery,
  type EmailDeliveryOptions,
  type LoopTimers,
} from './delivery';
import { enqueueEmail, enqueueEmails, type EmailMessage, type EmailTransport } from './index';
import { localTransport } from './local';
import { createSmtpTransport } from './smtp';
import { parseMail, startSmtpTestServer } from './smtp-test-server';
import { signInLink } from './templates';

// Delivering the outbox (architecture decision 8): pending → sent; failures back off and end `failed`;
// deliverers on one database never send a message twice; the loop never overlaps itself and stops cleanly.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const started: EmailDelivery[] = [];
beforeEach(async () => {
  await t.database.db.delete(outbox);
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((delivery) => delivery.stop()));
});

type Sent = EmailMessage & { id: string };

function recorder(before?: (message: Sent) => Promise<void>) {
  const sent: Sent[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const transport: EmailTransport = {
    name: 'test',
    async send(message) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        await before?.(message);
        sent.push(message);
      } finally {
        inFlight -= 1;
      }
    },
  };
  return { transport, sent, maxInFlight: () => maxInFlight };
}

function logger() {
  const entries: { level: string; details: Record<string, unknown>; message: string }[] = [];
  const at =
    (level: string) =>
    (details: object, message: string): void => {
      entries.push({ level, details: details as Record<string, unknown>, message });
    };
  const log: DeliveryLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, entries };
}

function start(options: Partial<EmailDeliveryOptions> & Pick<EmailDeliveryOptions, 'transport'>) {
  const delivery = startEmailDelivery({
    db: t.database.db,
    log: logger().log,
    intervalMs: 60_000,
    ...options,
  });
  started.push(delivery);
  return delivery;
}

async function enqueue(tag: string, count: number) {
  for (let i = 0; i < count; i++) {
    await enqueueEmail(
      t.database.db,
      signInLink({ to: `${tag}-${i}@example.com`, link: `https://shop.sfoglia.example/?token=${tag}${i}` }),
    );
  }
}

const rows = (tag: string) =>
  t.database.db
    .select({
      id: outbox.id,
      to: outbox.to,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      sentAt: outbox.sentAt,
      /** Seconds until the row is due, by the database's clock. */
      dueIn: sql<number>`extract(epoch from ${outbox.nextAttemptAt} - now())`.mapWith(Number),
    })
    .from(outbox)
    .where(like(outbox.to, `${tag}-%`))
    .orderBy(asc(outbox.createdAt));

/** Time passes for one message: it is due now. */
const makeDue = (id: string) =>
  t.database.db
    .update(outbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(outbox.id, id));

/** Timers the test fires by hand: the loop's next pass runs only when the test says so. */
function manualTimers(): LoopTimers & { pending(): number; fire(): number } {
  const waiting = new Set<() => void>();
  return {
    after(_ms, run) {
      waiting.add(run);
      return { cancel: () => waiting.delete(run) };
    },
    pending: () => waiting.size,
    fire() {
      const due = [...waiting];
      waiting.clear();
      for (const run of due) run();
      return due.length;
    },
  };
}

const until = async (check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('a pass', () => {
  test('sends what is pending, oldest first, and marks it sent', async () => {
    await enqueue('basic', 3);
    const { transport, sent } = recorder();
    const delivery = start({ transport });

    expect(await delivery.deliverDue()).toBe(3);

    expect(sent.map((m) => m.to)).toEqual([
      'basic-0@example.com',
      'basic-1@example.com',
      'basic-2@example.com',
    ]);
    expect(sent[0]).toMatchObject({ template: 'sign_in_link', subject: 'Your sign-in link' });
    expect(sent[0]!.text).toContain('https://shop.sfoglia.example/?token=basic0');
    expect(sent[0]!.html).toContain('https://shop.sfoglia.example/?token=basic0');
    const after = await rows('basic');
    expect(after.map((r) => r.id)).toEqual(sent.map((m) => m.id));
    for (const row of after) {
      expect(row).toMatchObject({ status: 'sent', attempts: 0, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    expect(await delivery.deliverDue()).toBe(0);
    expect(sent).toHaveLength(3);
  });

  test('hands each message its attachments as stored (and none to a message without)', async () => {
    const attachments = [
      {
        filename: 'supper-club.ics',
        contentType: 'text/calendar; method=PUBLISH',
        content: 'BEGIN:VCALENDAR\r\n',
      },
      { filename: 'menu.txt', contentType: 'text/plain', content: 'Tagliatelle, ragù.' },
    ];
    const db = t.database.db;
    await enqueueEmails(db, [
      { ...signInLink({ to: 'files-0@example.com', link: 'https://shop.example/' }), attachments },
      signInLink({ to: 'files-1@example.com', link: 'https://shop.example/' }),
    ]);
    await enqueueEmail(db, {
      ...signInLink({ to: 'files-2@example.com', link: 'https://shop.example/' }),
      attachments: [],
    });
    const stored = await db
      .select({ to: outbox.to, attachments: outbox.attachments })
      .from(outbox)
      .orderBy(asc(outbox.to));
    expect(stored.map((row) => row.attachments)).toEqual([attachments, null, null]);

    const { transport, sent } = recorder();
    expect(await start({ transport }).deliverDue()).toBe(3);
    const byTo = new Map(sent.map((message) => [message.to, message]));
    expect(byTo.get('files-0@example.com')!.attachments).toEqual(attachments);
    expect(byTo.get('files-1@example.com')).not.toHaveProperty('attachments');
    expect(byTo.get('files-2@example.com')).not.toHaveProperty('attachments');
  });

  test('takes batches until nothing is due', async () => {
    await enqueue('batches', 45);
    const { transport, sent } = recorder();
    expect(await start({ transport, batchSize: 20 }).deliverDue()).toBe(45);
    expect(new Set(sent.map((m) => m.id)).size).toBe(45);
  });

  test('leaves messages that are not due yet', async () => {
    await enqueue('later', 2);
    const [first] = await rows('later');
    await t.database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() + interval '1 minute'` })
      .where(eq(outbox.id, first!.id));
    const { transport, sent } = recorder();
    expect(await start({ transport }).deliverDue()).toBe(1);
    expect(sent.map((m) => m.to)).toEqual(['later-1@example.com']);
  });

  test('the development mailbox transport marks messages sent, and refuses a bad address', async () => {
    await enqueue('local', 1);
    await enqueueEmail(
      t.database.db,
      signInLink({ to: 'local-x@bad address', link: 'https://shop.example/' }),
    );
    expect(await start({ transport: localTransport }).deliverDue()).toBe(1);
    const [good, bad] = await rows('local');
    expect(good!.status).toBe('sent');
    expect(bad).toMatchObject({ status: 'pending', attempts: 1 });
    expect(bad!.lastError).toMatch(/^550/);
  });
});

describe('failures', () => {
  test('back off exponentially with a short last_error, then end failed after the limit', async () => {
    await enqueue('failing', 1);
    const { log, entries } = logger();
    let calls = 0;
    const transport: EmailTransport = {
      name: 'broken',
      async send() {
        calls += 1;
        throw Object.assign(
          new Error(
            `connect ECONNREFUSED for smtps://shop:hunter2@mail.example:465 ${'detail '.repeat(100)}`,
          ),
          { code: 'ECONNECTION' },
        );
      },
    };
    const delivery = start({ transport, log });

    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await delivery.deliverDue()).toBe(0);
      const [row] = await rows('failing');
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toMatch(/^ECONNECTION: connect ECONNREFUSED/);
      expect(row!.lastError).not.toContain('hunter2');
      expect(row!.lastError!.length).toBeLessThanOrEqual(300);
      if (attempt < MAX_ATTEMPTS) {
        expect(row!.status).toBe('pending');
        // 30 s, 1 min, 2 min … after the 1st, 2nd, 3rd … failure.
        const wait = BACKOFF_BASE_SECONDS * 2 ** (attempt - 1);
        expect(row!.dueIn).toBeGreaterThan(wait - 5);
        expect(row!.dueIn).toBeLessThanOrEqual(wait);
        // Not due yet: another pass leaves it alone.
        expect(await delivery.deliverDue()).toBe(0);
        expect(calls).toBe(attempt);
        await makeDue(row!.id);
      } else {
        expect(row!.status).toBe('failed');
      }
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    await makeDue((await rows('failing'))[0]!.id);
    await delivery.deliverDue();
    expect(calls).toBe(MAX_ATTEMPTS);
    expect(entries.filter((e) => e.message === 'email delivery failed; will retry')).toHaveLength(
      MAX_ATTEMPTS - 1,
    );
    expect(entries.filter((e) => e.level === 'error')).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain('hunter2');
  });

  test('one failing message does not hold up the others', async () => {
    await enqueue('mixed', 3);
    const { transport, sent } = recorder(async (message) => {
      if (message.to === 'mixed-1@example.com') throw new Error('450 mailbox busy');
    });
    expect(await start({ transport }).deliverDue()).toBe(2);
    expect(sent.map((m) => m.to)).toEqual(['mixed-0@example.com', 'mixed-2@example.com']);
    expect((await rows('mixed')).map((r) => r.status)).toEqual(['sent', 'pending', 'sent']);
  });

  test('through SMTP: a real server accepts, and refused credentials are recorded without the password', async () => {
    const smtp = await startSmtpTestServer({ credentials: { user: 'shop', pass: 'right-one' } });
    try {
      await enqueue('smtp', 1);
      const good = `smtp://shop:right-one@127.0.0.1:${smtp.port}`;
      expect(
        await start({ transport: createSmtpTransport(good, 'Sfoglia <hello@sfoglia.example>') }).deliverDue(),
      ).toBe(1);
      const [row] = await rows('smtp');
      expect(row!.status).toBe('sent');
      expect(parseMail(smtp.received[0]!.data).headers.get('message-id')).toBe(
        `<${row!.id}@sfoglia.example>`,
      );

      await enqueue('smtpbad', 1);
      const bad = `smtp://shop:wr0ng-secret@127.0.0.1:${smtp.port}`;
      expect(await start({ transport: createSmtpTransport(bad, 'hello@sfoglia.example') }).deliverDue()).toBe(
        0,
      );
      const [failed] = await rows('smtpbad');
      expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
      expect(failed!.lastError).toMatch(/EAUTH.*535/);
      expect(failed!.lastError).not.toContain('wr0ng-secret');
    } finally {
      await smtp.close();
    }
  });
});

describe('several deliverers on one database', () => {
  test('never send a message twice', async () => {
    await enqueue('together', 60);
    const shared: Sent[] = [];
    // Each deliverer's sends wait until all three are sending, so each holds a batch while the others claim
    // theirs: what they share is decided by their claims, not by which of them the scheduler ran first.
    const sending = new Set<number>();
    let allSending = () => {};
    const together = new Promise<void>((resolve) => (allSending = resolve));
    const deliverers = [0, 1, 2].map((n) => {
      const { transport, sent } = recorder(async (message) => {
        shared.push(message);
        sending.add(n);
        if (sending.size === 3) allSending();
        await together;
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
      return { delivery: start({ transport, batchSize: 7 }), sent };
    });

    const counts = await Promise.all(
      deliverers.flatMap(({ delivery }) => [delivery.deliverDue(), delivery.deliverDue()]),
    );

    expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    expect(shared).toHaveLength(60);
    expect(new Set(shared.map((m) => m.id)).size).toBe(60);
    // Each took a share while the others were sending.
    for (const { sent } of deliverers) expect(sent.length).toBeGreaterThan(0);
    expect((await rows('together')).every((r) => r.status === 'sent')).toBe(true);
  });

  test('a claim keeps others off until its lease runs out; a deliverer that lost its lease records nothing', async () => {
    await enqueue('lease', 1);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = recorder(() => gate);
    const slowLog = logger();
    const a = start({ transport: slow.transport, leaseMs: 1000, log: slowLog.log });
    const fast = recorder();
    const b = start({ transport: fast.transport });

    const first = a.deliverDue(); // claims the message, then hangs in send
    await until(async () => (await rows('lease'))[0]!.dueIn > 0);
    expect(await b.deliverDue()).toBe(0);

    await until(async () => (await rows('lease'))[0]!.dueIn <= 0); // a's lease runs out: presumed dead
    expect(await b.deliverDue()).toBe(1);
    release();
    expect(await first).toBe(0);
    expect(slowLog.entries.map((e) => e.message)).toContain('email sent after its lease was taken over');
    const [row] = await rows('lease');
    expect(row).toMatchObject({ status: 'sent', attempts: 0 });
  });

  test('past half its lease a deliverer starts no new send and hands the rest back', async () => {
    await enqueue('handback', 5);
    const { transport, sent } = recorder(() => new Promise((resolve) => setTimeout(resolve, 120)));
    const count = await start({ transport, leaseMs: 400 }).deliverDue();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThan(5);
    const after = await rows('handback');
    const unsent = after.filter((r) => r.status === 'pending');
    expect(unsent).toHaveLength(5 - count);
    for (const row of unsent) expect(row.dueIn).toBeLessThanOrEqual(0);
    expect(sent).toHaveLength(count);
  });
});

describe('the loop', () => {
  test('delivers on its own, never overlaps itself, and stops cleanly', async () => {
    await enqueue('loop', 10);
    const { transport, sent, maxInFlight } = recorder(() => new Promise((resolve) => setTimeout(resolve, 3)));
    const timers = manualTimers();
    const delivery = start({ transport, intervalMs: 1, batchSize: 3, timers });
    const manual = delivery.deliverDue(); // a caller's pass and the loop's never overlap
    await until(async () => {
      timers.fire();
      return sent.length === 10;
    });
    await manual;
    expect(maxInFlight()).toBe(1);
    await delivery.stop();

    // Stopped: no next pass is scheduled, so nothing due is sent.
    await enqueue('loopafter', 1);
    expect(timers.pending()).toBe(0);
    expect(timers.fire()).toBe(0);
    expect((await rows('loopafter'))[0]!.status).toBe('pending');
    expect(sent).toHaveLength(10);
  });

  test('stop() waits for the send in flight, records it, and hands the rest of the batch back', async () => {
    await enqueue('stopping', 3);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { transport, sent } = recorder(() => gate);
    const timers = manualTimers();
    const delivery = start({ transport, intervalMs: 1, timers });
    timers.fire();
    await until(async () => (await rows('stopping')).every((r) => r.dueIn > 0)); // claimed, first send hanging

    let stopped = false;
    const stopping = delivery.stop().then(() => (stopped = true));
    // A stop that did not wait for the send would have resolved within this turn of the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;

    expect(sent).toHaveLength(1);
    const after = await rows('stopping');
    expect(after.map((r) => r.status)).toEqual(['sent', 'pending', 'pending']);
    for (const row of after.slice(1)) expect(row.dueIn).toBeLessThanOrEqual(0);
  });

  test('a pass that throws is logged and the loop carries on', async () => {
    const { log, entries } = logger();
    let fail = true;
    const db = new Proxy(t.database.db, {
      get(target, key, receiver) {
        if (key === 'transaction' && fail) {
          return () => {
            fail = false;
            return Promise.reject(new Error('connection lost'));
          };
        }
        return Reflect.get(target, key, receiver);
      },
    });
    await enqueue('recover', 1);
    const { transport, sent } = recorder();
    start({ transport, db, log, intervalMs: 5 });
    await until(async () => sent.length === 1);
    expect(entries).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'email delivery pass failed',
        details: { error: 'connection lost' },
      }),
    );
  });
});
