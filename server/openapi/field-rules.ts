import * as v from 'valibot';

type AnySchema = v.GenericSchema | v.GenericSchemaAsync;
type StandardResult = Awaited<ReturnType<v.StandardProps<unknown, unknown>['validate']>>;

/**
 * The same valibot schema, validated the way the forms show errors: the pipe stops at a field's first broken
 * rule (`abortPipeEarly`), so each field gets one message. `prepare` reshapes the raw input first. The copy
 * keeps the schema's shape, so the document is still generated from it.
 */
export function withFieldRules<S extends AnySchema>(schema: S, prepare?: (value: unknown) => unknown): S {
  const standard: v.StandardProps<v.InferInput<S>, v.InferOutput<S>> = {
    version: 1,
    vendor: 'valibot',
    async validate(value) {
      const result = await v.safeParseAsync(schema, prepare ? prepare(value) : value, { abortPipeEarly: true });
      if (result.success) return { value: result.output };
      // Valibot's own issues (path items with keys) are what issuesToFieldErrors reads.
      return { issues: result.issues } as unknown as StandardResult;
    },
  };
  return { ...schema, '~standard': standard };
}
