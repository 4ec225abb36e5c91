/**
 * @file AST of the original JMESPath grammar, one node kind per go-jmespath `ASTNode` type.
 */
import type { TokType } from './lexer.js';
export type ComparatorOp = Extract<TokType, 'tEQ' | 'tNE' | 'tLT' | 'tLTE' | 'tGT' | 'tGTE'>;
export type AstNode = 
/** go-jmespath's zero node, produced when `[<number>` fails to parse in prefix position. */
{
    readonly type: 'Empty';
} | {
    readonly type: 'Current';
} | {
    readonly type: 'Identity';
} | {
    readonly type: 'Field';
    readonly name: string;
} | {
    readonly type: 'Literal';
    readonly value: unknown;
} | {
    readonly type: 'Index';
    readonly index: number;
} | {
    readonly type: 'Slice';
    readonly start: number | null;
    readonly stop: number | null;
    readonly step: number | null;
} | {
    readonly type: 'Subexpression' | 'IndexExpression';
    readonly left: AstNode;
    readonly right: AstNode;
} | {
    readonly type: 'Projection' | 'ValueProjection';
    readonly left: AstNode;
    readonly right: AstNode;
} | {
    readonly type: 'FilterProjection';
    readonly left: AstNode;
    readonly right: AstNode;
    readonly condition: AstNode;
} | {
    readonly type: 'Flatten';
    readonly child: AstNode;
} | {
    readonly type: 'Comparator';
    readonly op: ComparatorOp;
    readonly left: AstNode;
    readonly right: AstNode;
} | {
    readonly type: 'Or' | 'And' | 'Pipe';
    readonly left: AstNode;
    readonly right: AstNode;
} | {
    readonly type: 'Not';
    readonly child: AstNode;
} | {
    readonly type: 'ExpRef';
    readonly child: AstNode;
} | {
    readonly type: 'MultiSelectList';
    readonly children: readonly AstNode[];
} | {
    readonly type: 'MultiSelectHash';
    readonly pairs: readonly {
        readonly key: string;
        readonly value: AstNode;
    }[];
} | {
    readonly type: 'Function';
    /**
     * The function name: the value of the node before `(` when it is a string (a field, or a
     * string literal as in `'length'(@)`); otherwise `null` and Go panics when the call is evaluated.
     */
    readonly name: string | null;
    /** Go type of that value when it is not a string (for the panic message). */
    readonly nameGoType: string;
    readonly args: readonly AstNode[];
};
/** The sub-expressions of a node (its children in the tree). */
export declare function childrenOf(node: AstNode): readonly AstNode[];
