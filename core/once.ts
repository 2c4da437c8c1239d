/** `make`'s value, made on the first call and kept: for what a start need not pay for until it is used. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
