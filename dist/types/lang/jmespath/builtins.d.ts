import { type FunctionDefinition } from './registry.js';
/** go-jmespath's built-in functions, as registered when this module loads. */
export declare const BUILTIN_FUNCTIONS: readonly FunctionDefinition[];
