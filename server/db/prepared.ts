import type { Db } from './client';

/**
 * A named prepared statement made once per database handle (tests open several in one process; an
 * API process has one); PostgreSQL then plans it once per connection. `prepare` builds it.
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) made.set(db, (statement = prepare(db)));
    return statement;
  };
}
