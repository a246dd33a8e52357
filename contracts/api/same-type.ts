/** The same type with every object written out: `{a} & {b}` and `{a, b}` compare equal (interfaces use Pick, Omit, &). */
type Flat<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? Flat<U>[]
    : T extends object
      ? { [K in keyof T]: Flat<T[K]> }
      : T;

/** Compiles only when A and B are the same type: a schema and the interface it mirrors cannot drift apart. */
export type SameType<A, B> =
  (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;

/** `const check: Expect<SameType<X, Y>> = true` fails to compile when X and Y differ. */
export type Expect<T extends true> = T;
