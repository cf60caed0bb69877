import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { BoxOffice, CALLS } from '../../worker/box-office/box-office';
import { freshBoxOfficeEachTest, office } from './box-office';

// The class is a table of calls (box-office.ts `CALLS`) whose bodies its static block puts on the
// prototype. These tests pin what that has to keep: Workers RPC reaches each call, the calls that
// write run as one transaction, and the stub's types are the module functions' own.

freshBoxOfficeEachTest();

const names = Object.keys(CALLS) as (keyof typeof CALLS)[];

describe('the box office face', () => {
  it('puts every call on the prototype, where Workers RPC looks, and none on the instance', async () => {
    const onPrototype = Object.getOwnPropertyNames(BoxOffice.prototype);
    for (const name of names) {
      expect(onPrototype, name).toContain(name);
      expect(typeof BoxOffice.prototype[name], name).toBe('function');
    }
    await runInDurableObject(office(), (instance) => {
      for (const name of names) expect(Object.hasOwn(instance, name), name).toBe(false);
    });
  });

  it('answers calls through the real stub with their module functions’ results', async () => {
    expect(await office().setWaitlistOfferHours(36)).toBe(36);
    expect(await office().listStaff()).toEqual([]);
    expect(await office().order('NO-SUCH-ORDER')).toBeNull();
  });

  it('runs each call marked inTx inside one storage transaction, and the others outside one', async () => {
    const inTx = names.filter((name) => CALLS[name].tx);
    expect(inTx.length).toBeGreaterThan(50);
    await runInDurableObject(office(), (instance, state) => {
      // A transaction that does not run its body: each inTx call answers the marker, untouched.
      const transaction = vi.spyOn(state.storage, 'transactionSync').mockImplementation(() => 'in a transaction');
      try {
        for (const name of inTx) {
          expect((instance[name] as () => unknown)(), name).toBe('in a transaction');
        }
        expect(transaction).toHaveBeenCalledTimes(inTx.length);
        expect(instance.listStaff()).toEqual([]);
        expect(transaction).toHaveBeenCalledTimes(inTx.length);
      } finally {
        transaction.mockRestore();
      }
    });
  });

  it('types the stub by the module functions, so a wrong argument fails `tsc -b`', () => {
    // Never run: `tsc -b` checks these lines (an unused @ts-expect-error is itself an error).
    const calls = (stub: DurableObjectStub<BoxOffice>) => [
      stub.abandon('ORDER', 1_700_000_000_000, 'timeout'),
      // @ts-expect-error: `now` is a number (lifecycle.abandon's parameters after the context).
      stub.abandon('ORDER', 'now', 'timeout'),
      // @ts-expect-error: a call takes no more arguments than its module function.
      stub.listStaff('extra'),
      // @ts-expect-error: no call of that name.
      stub.sellEverything(),
    ];
    expect(typeof calls).toBe('function');
  });
});
