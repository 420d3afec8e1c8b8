import type { FastifyInstance } from "fastify";
import { releasesStock } from "@shared/rules/stock.js";
import type { Db } from "../../db/client.js";
import { transitionStatus, type StatusChange, type StatusChangeRequest } from "./status-transition.js";

/**
 * What changed about the orders, told once the change is committed: the admin's live queue,
 * the catalogue's stock, the job runner and any later satellite listen to this one event.
 */
export interface OrdersChanged {
  /** Orders placed (web, by hand, an exchange's replacement). */
  placed: string[];
  /** Status changes, as `transitionStatus` made them. */
  changes: StatusChange[];
  /** Orders changed otherwise (a confirmation state, a message, a note of the system's). */
  touched: string[];
  /**
   * The smallest quantity a stock write left, so the catalogue knows whether shoppers can see it:
   * 0 when units went back on sale or were taken again; null when no tracked stock was touched.
   */
  stockLowest: number | null;
}

/** Work done inside the transaction of every status change: a durable job, an outbox row. */
export type TransitionListener = (tx: Db, changes: StatusChange[]) => Promise<void>;
/** Work done after the commit: tell the live queue, clear a cache, wake the job runner. */
export type ChangedListener = (event: OrdersChanged) => void | Promise<void>;

/** What a write inside `OrderCore.write` may do to orders; its effects are told after the commit. */
export interface OrderWrite {
  tx: Db;
  /** The one status transition, in this transaction, with the in-transaction listeners. */
  changeStatus(request: StatusChangeRequest): Promise<StatusChange[]>;
  /** Orders placed in this transaction (an exchange's replacement). */
  placed(orderId: string, stockLowest: number | null): void;
  /** Orders changed in this transaction without a status change. */
  touched(orderIds: readonly string[], stockLowest?: number | null): void;
  /**
   * Runs `work` in a savepoint: when it throws, what it did is undone (and not told) while the
   * transaction goes on, so the caller may catch the error and do something else.
   */
  savepoint<T>(work: (w: OrderWrite) => Promise<T>): Promise<T>;
}

const lowestOf = (a: number | null, b: number | null | undefined): number | null =>
  b === null || b === undefined ? a : a === null ? b : Math.min(a, b);

/**
 * The home of an order's life after placement (decision 017): every status change goes through
 * `changeStatus` inside a transaction opened by `write` (or given to it), and every committed change
 * is told once, as one `OrdersChanged`, to the listeners satellites registered. The order core
 * depends on none of them.
 */
export class OrderCore {
  private readonly transitionListeners: TransitionListener[] = [];
  private readonly changedListeners: ChangedListener[] = [];

  constructor(
    readonly db: Db,
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  onTransition(listener: TransitionListener): void {
    this.transitionListeners.push(listener);
  }

  onChanged(listener: ChangedListener): void {
    this.changedListeners.push(listener);
  }

  /**
   * Runs `work` in a transaction; what it did to orders through the `OrderWrite` is told to the
   * listeners once the transaction has committed (and not at all when it rolls back).
   */
  async write<T>(work: (w: OrderWrite) => Promise<T>): Promise<T> {
    const event: OrdersChanged = { placed: [], changes: [], touched: [], stockLowest: null };
    const result = await this.db.transaction(async (tx) => work(this.writer(tx as unknown as Db, event)));
    await this.changed(event);
    return result;
  }

  /** A writer over a transaction the caller owns; the caller calls `changed(event)` after it commits. */
  writer(tx: Db, event: OrdersChanged): OrderWrite {
    return {
      tx,
      changeStatus: async (request) => {
        const changes = await transitionStatus(tx, request);
        if (changes.length === 0) return changes;
        for (const listener of this.transitionListeners) await listener(tx, changes);
        event.changes.push(...changes);
        // Leaving or entering a status that gives units back moves stock (migrations 0005, 0009).
        if (changes.some((c) => releasesStock(c.from) !== releasesStock(c.to))) event.stockLowest = 0;
        return changes;
      },
      placed: (orderId, stockLowest) => {
        event.placed.push(orderId);
        event.stockLowest = lowestOf(event.stockLowest, stockLowest);
      },
      touched: (orderIds, stockLowest) => {
        event.touched.push(...orderIds);
        event.stockLowest = lowestOf(event.stockLowest, stockLowest);
      },
      savepoint: async (work) => {
        const inner = OrderCore.event();
        const result = await tx.transaction((savepoint) => work(this.writer(savepoint as unknown as Db, inner)));
        event.placed.push(...inner.placed);
        event.changes.push(...inner.changes);
        event.touched.push(...inner.touched);
        event.stockLowest = lowestOf(event.stockLowest, inner.stockLowest);
        return result;
      },
    };
  }

  /** An empty event, for `writer` and for changes made by one statement outside `write`. */
  static event(): OrdersChanged {
    return { placed: [], changes: [], touched: [], stockLowest: null };
  }

  /**
   * Tells the listeners about a committed change. A listener's failure is logged, never thrown:
   * the change is stored, and what listens is an optimisation (a cache, a wake-up, a live view).
   */
  async changed(event: Partial<OrdersChanged>): Promise<void> {
    const full: OrdersChanged = { placed: [], changes: [], touched: [], stockLowest: null, ...event };
    if (full.placed.length === 0 && full.changes.length === 0 && full.touched.length === 0 && full.stockLowest === null)
      return;
    for (const listener of this.changedListeners) {
      try {
        await listener(full);
      } catch (err) {
        this.log.warn({ err }, "an order-changed listener failed");
      }
    }
  }
}

declare module "fastify" {
  interface FastifyInstance {
    orderCore: OrderCore;
  }
}

export function registerOrderCore(app: FastifyInstance): void {
  app.decorate("orderCore", new OrderCore(app.db, app.log));
}
