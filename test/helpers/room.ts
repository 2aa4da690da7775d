import { restoreRoom, type Room, type TableSnapshot } from '../../server/engine/seating/index.js';

/**
 * A room from a picture of its tables: `layout(['t1', 'a b . d'], ['t2', '. . c'])` seats
 * a, b and d at seats 1, 2 and 4 of table 1 and c at seat 3 of table 2 ('.' is an empty seat).
 */
export function layout(...tables: [id: string, seats: string, extra?: Partial<TableSnapshot>][]): Room {
  return restoreRoom({
    tables: tables.map(([id, seats, extra], i) => ({
      id,
      number: i + 1,
      seats: seats.trim().split(/\s+/).map((s) => (s === '.' ? null : s)),
      ...extra,
    })),
  });
}
