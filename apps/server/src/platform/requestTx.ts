/**
 * One transaction per write request (ARCHITECTURE "Audit": a write and its system-log row commit
 * together or not at all).
 *
 * `runInRequestTx(fn)` opens a scope. Every query made through the application's `db` while `fn`
 * runs, by any service, goes to one connection of the pool on which a transaction was begun at the
 * scope's first query (lazily: a request that never touches the database holds no connection).
 * A `db.transaction()` inside the scope becomes a savepoint on that connection, so a service's own
 * transaction (and its rollback, retryTx's retry after a deadlock, a caught unique violation) keeps
 * its meaning. `scope.commit()` commits everything at once, after the audit hook has written the
 * request's log row through the same `db`; `scope.rollback()` undoes everything.
 *
 * Once the scope is finished, queries that still carry it (a timer or promise started during the
 * request that runs later) go to the pool as if there were no scope: the connection has gone back
 * to the pool and may already serve another request.
 *
 * `outsideRequestTx(fn)` runs fn without the scope: for work a request starts that must not share
 * the request's fate (the system log's queue of refused calls), or reads that must not hold the
 * request's connection through a long computation (firmware encrypt builds its image between them);
 * background machinery is created at start, outside any request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

const storage = new AsyncLocalStorage<TxScope>();
const exec = (conn: DatabaseConnection, text: string) => conn.executeQuery(CompiledQuery.raw(text));

/** The request's transaction: one connection, begun at the first query. */
export class TxScope {
  #driver: Driver | null = null;
  #conn: Promise<DatabaseConnection> | null = null;
  #done = false;
  #seq = 0;
  #settle: () => void = () => undefined;
  /** Resolves once the scope has committed or rolled back. */
  readonly finished: Promise<void> = new Promise((r) => {
    this.#settle = r;
  });

  get done(): boolean {
    return this.#done;
  }

  /** Whether a query ran (a connection is held, a transaction is open). */
  get started(): boolean {
    return this.#conn !== null;
  }

  /** Savepoints begun and not yet released, oldest first, with whether their work is finished. */
  #savepoints: { name: string; finished: boolean }[] = [];

  /** Begins a savepoint for a db.transaction() inside the scope. */
  async beginSavepoint(conn: DatabaseConnection): Promise<string> {
    this.#seq += 1;
    const name = `rq_sp_${this.#seq}`;
    await exec(conn, `SAVEPOINT ${name}`);
    this.#savepoints.push({ name, finished: false });
    return name;
  }

  /**
   * Ends a savepoint (after ROLLBACK TO it when `rollback`). A savepoint is released once it and
   * every later one are finished: two transactions of one request that ran side by side must not
   * release each other's savepoint (RELEASE drops every later savepoint too).
   */
  async endSavepoint(conn: DatabaseConnection, name: string, rollback: boolean): Promise<void> {
    const at = this.#savepoints.findIndex((s) => s.name === name);
    if (rollback) await exec(conn, `ROLLBACK TO SAVEPOINT ${name}`);
    if (at < 0) return;
    const sp = this.#savepoints[at];
    if (sp) sp.finished = true;
    let first = this.#savepoints.length;
    while (first > 0 && this.#savepoints[first - 1]?.finished) first -= 1;
    if (first === this.#savepoints.length) return;
    const oldest = this.#savepoints[first]?.name;
    this.#savepoints.length = first;
    if (oldest) await exec(conn, `RELEASE SAVEPOINT ${oldest}`);
  }

  /** The scope's connection, acquired and begun on first use. */
  connection(driver: Driver): Promise<DatabaseConnection> {
    if (!this.#conn) {
      this.#driver = driver;
      this.#conn = (async () => {
        const conn = await driver.acquireConnection();
        try {
          await driver.beginTransaction(conn, {});
        } catch (err) {
          await driver.releaseConnection(conn);
          throw err;
        }
        return conn;
      })();
      // A failed start is seen by the query that asked; the scope then holds nothing.
      this.#conn.catch(() => {
        this.#conn = null;
      });
    }
    return this.#conn;
  }

  /** Commits what the request did (nothing to do when it made no query). Throws when COMMIT fails. */
  async commit(): Promise<void> {
    await this.#finish(true);
  }

  /** Rolls back what the request did. Never throws (a lost connection rolled it back already). */
  async rollback(): Promise<void> {
    await this.#finish(false).catch(() => undefined);
  }

  async #finish(commit: boolean): Promise<void> {
    if (this.#done) return;
    this.#done = true;
    try {
      await this.#end(commit);
    } finally {
      this.#settle();
    }
  }

  async #end(commit: boolean): Promise<void> {
    const pending = this.#conn;
    const driver = this.#driver;
    if (!pending || !driver) return;
    let conn: DatabaseConnection;
    try {
      conn = await pending;
    } catch {
      return; // never began: nothing to finish
    }
    try {
      if (commit) await driver.commitTransaction(conn);
      else await driver.rollbackTransaction(conn);
    } catch (err) {
      if (commit) await driver.rollbackTransaction(conn).catch(() => undefined);
      throw err;
    } finally {
      await driver.releaseConnection(conn);
    }
  }
}

/** Runs fn inside a new request transaction scope; fn commits or rolls it back through the scope. */
export function runInRequestTx<T>(fn: (scope: TxScope) => Promise<T>): Promise<T> {
  const scope = new TxScope();
  return storage.run(scope, () => fn(scope));
}

/** Runs fn outside any request transaction. */
export function outsideRequestTx<T>(fn: () => T): T {
  return storage.exit(fn);
}

/** The scope of the current async context, if any and not finished. */
export function currentScope(): TxScope | null {
  const s = storage.getStore();
  return s && !s.done ? s : null;
}

/** A connection lent to one query or transaction inside a scope. */
class ScopedConnection implements DatabaseConnection {
  /** Set while a db.transaction() inside the scope runs on this connection. */
  savepoint: string | null = null;
  constructor(
    readonly scope: TxScope,
    readonly inner: DatabaseConnection,
    private readonly driver: Driver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.scope.done) return this.inner.executeQuery<R>(query);
    // The request has finished: its connection may serve another request now.
    const conn = await this.driver.acquireConnection();
    try {
      return await conn.executeQuery<R>(query);
    } finally {
      await this.driver.releaseConnection(conn);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.scope.done) throw new Error('request transaction finished: stream refused');
    yield* this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** The pool's driver, made scope-aware. */
export class ScopedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = currentScope();
    if (!scope) return this.inner.acquireConnection();
    return new ScopedConnection(scope, await scope.connection(this.inner), this.inner);
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(conn instanceof ScopedConnection)) return this.inner.beginTransaction(conn, settings);
    // Isolation settings cannot change inside a transaction; the request's is READ COMMITTED.
    conn.savepoint = await conn.scope.beginSavepoint(conn.inner);
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    if (!(conn instanceof ScopedConnection)) return this.inner.commitTransaction(conn);
    const name = conn.savepoint;
    conn.savepoint = null;
    if (name) await conn.scope.endSavepoint(conn.inner, name, false);
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    if (!(conn instanceof ScopedConnection)) return this.inner.rollbackTransaction(conn);
    const name = conn.savepoint;
    conn.savepoint = null;
    if (name) await conn.scope.endSavepoint(conn.inner, name, true);
  }

  async savepoint(
    conn: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.savepoint?.(unwrap(conn), name, compile);
  }

  async rollbackToSavepoint(
    conn: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.rollbackToSavepoint?.(unwrap(conn), name, compile);
  }

  async releaseSavepoint(
    conn: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.inner.releaseSavepoint?.(unwrap(conn), name, compile);
  }

  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    // The scope keeps its connection until it commits or rolls back.
    if (conn instanceof ScopedConnection) return;
    return this.inner.releaseConnection(conn);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

const unwrap = (c: DatabaseConnection) => (c instanceof ScopedConnection ? c.inner : c);
