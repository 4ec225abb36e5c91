/**
 * @file go-jmespath's AST dump (`ASTNode.PrettyPrint`), which `kyverno jp parse` prints: one
 * `<ASTNodeType> {` line per node, `value: <Go %#v of the value>` when the node has one, then
 * `children: {` and the children indented by 4 — Go closes only the node's own brace.
 *
 * The dump differs from Go's in two places: a slice's `[]*int` parts print their numbers where Go
 * prints pointer addresses (`(*int)(0xc000012345)`, different on every run), and a function call on
 * something else than a name or a string (`@()`, `` `1`() ``, which fail when evaluated) shows no value.
 */
import type { AstNode } from '../../lang/jmespath/ast.js';
import { goQuote } from '../../util/go-strings.js';
import { formatGoFloat } from '../../lang/jmespath/index.js';
import { compareGoStrings } from '../../util/go-json.js';

/** A node as go-jmespath holds it: its type name, its formatted value, its children. */
interface GoAstNode {
  readonly type: string;
  readonly value?: string;
  readonly children: readonly GoAstNode[];
}

/** Go `%#v` of a decoded JSON value held in an `interface{}`. */
function goSyntaxValue(value: unknown): string {
  if (value === null || value === undefined) return 'interface {}(nil)';
  switch (typeof value) {
    case 'string':
      return goQuote(value);
    case 'number':
      return formatGoFloat(value);
    case 'bigint':
    case 'boolean':
      return String(value);
    default:
      break;
  }
  if (Array.isArray(value)) return `[]interface {}{${value.map(goSyntaxValue).join(', ')}}`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj).sort(compareGoStrings);
  return `map[string]interface {}{${keys.map((key) => `${goQuote(key)}:${goSyntaxValue(obj[key])}`).join(', ')}}`;
}

const node = (type: string, children: readonly AstNode[] = [], value?: string): GoAstNode => ({
  type,
  value,
  children: children.map(toGoNode),
});

function toGoNode(ast: AstNode): GoAstNode {
  switch (ast.type) {
    case 'Empty':
      return node('ASTEmpty');
    case 'Current':
      return node('ASTCurrentNode');
    case 'Identity':
      return node('ASTIdentity');
    case 'Field':
      return node('ASTField', [], goQuote(ast.name));
    case 'Literal':
      // Go prints no value line for a nil value (the literal `null`).
      return node('ASTLiteral', [], ast.value === null ? undefined : goSyntaxValue(ast.value));
    case 'Index':
      return node('ASTIndex', [], String(ast.index));
    case 'Slice': {
      const parts = [ast.start, ast.stop, ast.step].map((part) => (part === null ? '(*int)(nil)' : String(part)));
      return node('ASTSlice', [], `[]*int{${parts.join(', ')}}`);
    }
    case 'Subexpression':
      return node('ASTSubexpression', [ast.left, ast.right]);
    case 'IndexExpression':
      return node('ASTIndexExpression', [ast.left, ast.right]);
    case 'Projection':
      return node('ASTProjection', [ast.left, ast.right]);
    case 'ValueProjection':
      return node('ASTValueProjection', [ast.left, ast.right]);
    case 'FilterProjection':
      return node('ASTFilterProjection', [ast.left, ast.right, ast.condition]);
    case 'Flatten':
      return node('ASTFlatten', [ast.child]);
    case 'Comparator':
      // The value is a token type, printed by its String method.
      return node('ASTComparator', [ast.left, ast.right], ast.op);
    case 'Or':
      return node('ASTOrExpression', [ast.left, ast.right]);
    case 'And':
      return node('ASTAndExpression', [ast.left, ast.right]);
    case 'Pipe':
      return node('ASTPipe', [ast.left, ast.right]);
    case 'Not':
      return node('ASTNotExpression', [ast.child]);
    case 'ExpRef':
      return node('ASTExpRef', [ast.child]);
    case 'MultiSelectList':
      return node('ASTMultiSelectList', ast.children);
    case 'MultiSelectHash':
      return {
        type: 'ASTMultiSelectHash',
        children: ast.pairs.map((pair) => ({ type: 'ASTKeyValPair', value: goQuote(pair.key), children: [toGoNode(pair.value)] })),
      };
    case 'Function':
      return node('ASTFunctionExpression', ast.args, ast.name !== null && ast.nameGoType === 'string' ? goQuote(ast.name) : undefined);
  }
}

function prettyPrint(goNode: GoAstNode, indent: number): string {
  const spaces = ' '.repeat(indent);
  const next = ' '.repeat(indent + 2);
  let out = `${spaces}${goNode.type} {\n`;
  if (goNode.value !== undefined) out += `${next}value: ${goNode.value}\n`;
  if (goNode.children.length > 0) {
    out += `${next}children: {\n`;
    for (const child of goNode.children) out += prettyPrint(child, indent + 4);
  }
  return `${out}${spaces}}\n`;
}

/** go-jmespath's `ASTNode.String()` of a parsed expression (ends with a newline). */
export function formatJmesPathAst(ast: AstNode): string {
  return prettyPrint(toGoNode(ast), 0);
}
