/**
 * Compile-time checks that a zod schema accepts exactly the type the protocol writes by hand
 * (and, where the protocol or the engine has one, produces exactly its parsed type): each
 * schema file states `Assert<Same<z.input<typeof schema>, ProtocolType>>`, so a field added,
 * removed, renamed, made optional or retyped on one side alone fails `tsc`.
 */
import type { z } from 'zod';

/**
 * The same type written another way: intersections flattened into one object, recursively, so
 * that `A & B` and the object with both keys compare equal. Functions are left alone.
 */
export type Flat<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? Flat<U>[]
    : T extends object
      ? { [K in keyof T]: Flat<T[K]> }
      : T;

/**
 * True when A and B are the same type once flattened: the compiler's own identity check (not
 * mutual assignability, which lets an optional key on one side alone through).
 */
export type Same<A, B> = (<X>() => X extends Flat<A> ? 1 : 2) extends (<X>() => X extends Flat<B> ? 1 : 2) ? true : false;

/** Fails to compile unless T is `true`. */
export type Assert<T extends true> = T;

/** Fails to compile unless T is `never`; the error names what is left (e.g. the command whose schema drifted). */
export type AssertNever<T extends never> = T;

/**
 * The commands of a table whose schema does not accept exactly the protocol's arguments, or
 * that only one side names: `AssertNever<Drift<typeof schemas, ProtocolArgs>>` names them.
 */
export type Drift<Schemas extends Record<string, z.ZodType>, Args> = {
  [T in keyof Schemas | keyof Args]: T extends keyof Schemas & keyof Args ? (Same<z.input<Schemas[T]>, Args[T]> extends true ? never : T) : T;
}[keyof Schemas | keyof Args];
