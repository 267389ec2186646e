import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, type MethodName } from '../../../preload/contract';
import { AppError } from '../../../main/lib/app-error';
import { createDispatcher } from '../../../main/bridge/dispatcher';
import type { Handlers } from '../../../main/bridge/handlers';
import { silentLogger } from '../../../main/lib/logger';

const methodNames = Object.entries(contract).flatMap(([domain, methods]) =>
  Object.keys(methods).map((name) => `${domain}.${name}` as MethodName),
);

function recordingHandlers(
  calls: string[],
  behaviour: (method: string) => unknown = () => 'done',
): Handlers {
  return Object.fromEntries(
    Object.entries(contract).map(([domain, methods]) => [
      domain,
      Object.fromEntries(
        Object.keys(methods).map((name) => [
          name,
          () => {
            calls.push(`${domain}.${name}`);
            return behaviour(`${domain}.${name}`);
          },
        ]),
      ),
    ]),
  ) as unknown as Handlers;
}

function schemaOf(method: MethodName): z.ZodType {
  const [domain, name] = method.split('.') as [keyof typeof contract, string];
  return (contract[domain] as Record<string, { input: z.ZodType }>)[name]!.input;
}

/** Objects shaped like the method's input, with any values at all in its fields. */
function nearMisses(schema: z.ZodType): fc.Arbitrary<unknown> {
  if (!(schema instanceof z.ZodObject)) return fc.anything();
  const keys = Object.keys(schema.shape);
  return fc.dictionary(
    fc.constantFrom(...keys, 'extra', '__proto__', 'constructor'),
    fc.anything(),
    {
      maxKeys: keys.length + 1,
    },
  );
}

const context = { transport: 'browser' as const };

describe('bridge dispatcher', () => {
  it.each(methodNames)(
    '%s refuses every input its schema rejects, without running the handler',
    async (method) => {
      const calls: string[] = [];
      const dispatch = createDispatcher({
        handlers: recordingHandlers(calls),
        secrets: () => [],
        logger: silentLogger,
      });
      const schema = schemaOf(method);
      let rejected = 0;
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.anything(), nearMisses(schema)), async (input) => {
          const expectedOk = schema.safeParse(input).success;
          const reply = await dispatch(method, input, context);
          if (expectedOk) return;
          rejected += 1;
          expect(reply.ok).toBe(false);
          if (reply.ok) return;
          expect(reply.error.code).toBe('invalid_input');
          // Said in words: the internal method name is for the log only.
          const head = 'CaseDesk could not accept this request: ';
          expect(reply.error.message.startsWith(head)).toBe(true);
          expect(reply.error.message.length).toBeGreaterThan(head.length);
          expect(reply.error.message).not.toContain(method);
        }),
        { numRuns: 300 },
      );
      expect(rejected).toBeGreaterThan(100);
      // Only inputs the schema accepted may have reached the handler.
      expect(calls.every((called) => called === method)).toBe(true);
    },
  );

  it('refuses unknown methods and methods that are not strings', async () => {
    const calls: string[] = [];
    const dispatch = createDispatcher({
      handlers: recordingHandlers(calls),
      secrets: () => [],
      logger: silentLogger,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string().filter((name) => !methodNames.includes(name as MethodName)),
          fc.constantFrom(
            '__proto__',
            'constructor',
            'profiles',
            'profiles.',
            '.list',
            'profiles.toString',
            'app.info ',
          ),
          fc.anything().filter((value) => typeof value !== 'string'),
        ),
        fc.anything(),
        async (method, input) => {
          const reply = await dispatch(method, input, context);
          expect(reply).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
        },
      ),
    );
    expect(calls).toEqual([]);
  });

  it('names the invalid fields so the screen can show them in place', async () => {
    const dispatch = createDispatcher({
      handlers: recordingHandlers([]),
      secrets: () => [],
      logger: silentLogger,
    });
    const reply = await dispatch(
      'profiles.save',
      { name: '', baseUrl: 'http://example.com', tokenStorage: 'secure' },
      context,
    );
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.fields?.name).toMatch(/name/i);
    expect(reply.error.fields?.baseUrl).toMatch(/https/);
  });

  it('passes parsed input to the handler and wraps its value', async () => {
    const dispatch = createDispatcher({
      handlers: recordingHandlers([], () => ({ fine: true })),
      secrets: () => [],
      logger: silentLogger,
    });
    const reply = await dispatch('profiles.activate', { id: 'abcdefgh-1234' }, context);
    expect(reply).toEqual({ ok: true, value: { fine: true } });
  });

  it('keeps the code of an AppError and hides the message of anything else', async () => {
    const dispatch = createDispatcher({
      handlers: recordingHandlers([], (method) => {
        if (method === 'profiles.activate')
          throw new AppError('not_found', 'That profile no longer exists.');
        throw new Error('ENOENT /home/analyst/secret-path');
      }),
      secrets: () => [],
      logger: silentLogger,
    });
    expect(await dispatch('profiles.activate', { id: 'abcdefgh-1234' }, context)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'That profile no longer exists.' },
    });
    const internal = await dispatch('profiles.list', undefined, context);
    expect(internal).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(internal)).not.toContain('secret-path');
    expect(JSON.stringify(internal)).not.toContain('profiles.list');
  });

  it('names neither the data folder nor the home folder in an error, whatever a handler said', async () => {
    const home = '/home/analyst';
    const dataDir = '/home/analyst/.config/CaseDesk';
    const dispatch = createDispatcher({
      handlers: recordingHandlers([], (method) => {
        if (method === 'profiles.activate')
          throw new AppError(
            'unavailable',
            `Could not keep ${dataDir}/profiles/p1/outbox-files/x.pdf, nor /home/analyst/Desktop/x.pdf.`,
            { file: `${home}/Desktop/x.pdf` },
          );
        return { folder: dataDir };
      }),
      secrets: () => [],
      logger: silentLogger,
      privateFolders: () => [home, `${dataDir}/`],
    });
    const refused = await dispatch('profiles.activate', { id: 'abcdefgh-1234' }, context);
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'unavailable',
        message: 'Could not keep …/profiles/p1/outbox-files/x.pdf, nor …/Desktop/x.pdf.',
        fields: { file: '…/Desktop/x.pdf' },
      },
    });
    // Values are the handlers' to choose (a folder the investigator picked is shown in settings).
    expect(await dispatch('profiles.list', undefined, context)).toEqual({
      ok: true,
      value: { folder: dataDir },
    });
  });

  it('never lets a known token out in a reply', async () => {
    const token = 'tok_live_0123456789abcdef';
    const dispatch = createDispatcher({
      handlers: recordingHandlers([], (method) => {
        if (method === 'profiles.activate') throw new AppError('conflict', `bad token ${token}`);
        return { nested: [{ text: `Bearer ${token}` }], [token]: 1 };
      }),
      secrets: () => [token],
      logger: silentLogger,
    });
    const replies = [
      await dispatch('profiles.list', undefined, context),
      await dispatch('profiles.activate', { id: 'abcdefgh-1234' }, context),
    ];
    for (const reply of replies) expect(JSON.stringify(reply)).not.toContain(token);
  });
});
