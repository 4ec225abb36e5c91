import { type AstNode } from './ast.js';
/** Parses an expression into an AST. Throws `JmesPathError` (`syntax`) with go-jmespath's text. */
export declare function parseJmesPath(expression: string): AstNode;
