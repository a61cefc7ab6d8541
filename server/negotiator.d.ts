// negotiator 1.x, as Express 5 carries it (its DefinitelyTyped types describe 0.6, without `preferred`): the one method the shop calls.
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The most acceptable of `available`; ties of q-value go to the first of `options.preferred`. */
    encoding(available: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
