import { dirname, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

/** One `any` an app could meet through the package's types: where it is, and the declaration that holds it. */
export interface AnyInPublicApi {
  readonly at: string;
  readonly declaration: string;
}

/**
 * Every `any` written in a declaration an app can reach from the package's
 * entries: the entries' exports, and every declaration of the package their
 * types name, followed transitively. Dependencies' own declarations (zod's)
 * are theirs, not the package's, and are not followed.
 */
export function anyInPublicApi(typesDir: string, entries: readonly string[]): AnyInPublicApi[] {
  const root = resolve(typesDir);
  const program = ts.createProgram(
    entries.map((entry) => resolve(entry)),
    { noEmit: true, skipLibCheck: true, strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: ['node'], typeRoots: [resolve(__dirname, '..', '..', '..', 'node_modules', '@types')] },
  );
  const checker = program.getTypeChecker();
  const ours = (node: ts.Node) => {
    const file = node.getSourceFile().fileName;
    return resolve(file).startsWith(root + sep) && !file.includes(`${sep}node_modules${sep}`);
  };
  const seen = new Set<ts.Node>();
  const found: AnyInPublicApi[] = [];
  const queue: ts.Node[] = [];

  const follow = (symbol: ts.Symbol | undefined) => {
    if (!symbol) return;
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    for (const declaration of target.declarations ?? []) if (ours(declaration) && !seen.has(declaration)) (seen.add(declaration), queue.push(declaration));
  };

  for (const entry of entries) {
    const source = program.getSourceFile(resolve(entry));
    if (!source) throw new Error(`${entry} is not in the program`);
    const module = checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${entry} exports nothing`);
    for (const exported of checker.getExportsOfModule(module)) follow(exported);
  }

  while (queue.length > 0) {
    const declaration = queue.shift()!;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.AnyKeyword) {
        const file = node.getSourceFile();
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        found.push({ at: `${relative(root, file.fileName)}:${line + 1}`, declaration: nameOf(declaration) });
      }
      if (ts.isTypeReferenceNode(node)) follow(checker.getSymbolAtLocation(node.typeName));
      else if (ts.isExpressionWithTypeArguments(node)) follow(checker.getSymbolAtLocation(node.expression));
      else if (ts.isTypeQueryNode(node)) follow(checker.getSymbolAtLocation(node.exprName));
      else if (ts.isImportTypeNode(node)) follow(node.qualifier ? checker.getSymbolAtLocation(node.qualifier) : undefined);
      ts.forEachChild(node, visit);
    };
    visit(declaration);
  }
  return found;
}

function nameOf(declaration: ts.Node): string {
  const name = (declaration as ts.NamedDeclaration).name;
  return `${name ? name.getText() : ts.SyntaxKind[declaration.kind]} (${dirname(declaration.getSourceFile().fileName).split(sep).slice(-2).join('/')})`;
}
