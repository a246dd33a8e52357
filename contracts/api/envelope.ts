import * as v from 'valibot';

/**
 * The envelope of every API answer as schemas: the server's document (/api/openapi.json) is generated from
 * them and the server tests check each answer against it. Server-side only: the SPA imports the types.
 */
export const fieldErrorsSchema = v.record(v.string(), v.array(v.string()));

/** `{message, errors?}`: every failed API answer. */
export const failureSchema = v.strictObject({
  message: v.string(),
  errors: v.optional(fieldErrorsSchema),
});

/** A draft that became an order meanwhile: the failure names the order it became. */
export const placedAlreadySchema = v.union([
  failureSchema,
  v.strictObject({ message: v.string(), data: v.strictObject({ order_id: v.number() }) }),
]);

/** `{message?, data}`: every successful API answer, `data` described by `schema`. */
export const successSchema = <S extends v.GenericSchema>(schema: S) =>
  v.strictObject({ message: v.optional(v.string()), data: schema });

/** A success that only says what happened (`data: null`). */
export const messageOnlySchema = successSchema(v.null());

/** A success whose `data` the document does not detail yet: the envelope and status are still checked. */
export const anySuccessSchema = successSchema(v.unknown());

/** A keyset page (contracts/paging.ts): the rows, then the cursor of the next page (null on the last). */
export const pageSchema = <S extends v.GenericSchema>(item: S) =>
  v.strictObject({ items: v.array(item), next_cursor: v.nullable(v.string()) });
