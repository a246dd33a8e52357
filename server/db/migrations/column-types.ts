import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database';

/** An autoincrement integer primary key `id` on both dialects (int4 `serial` on PostgreSQL so pg returns a number, not a string). */
export function addIdColumn<TB extends string, C extends string>(
  table: CreateTableBuilder<TB, C>,
  dialect: Dialect,
): CreateTableBuilder<TB, C | 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
