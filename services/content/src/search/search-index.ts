import { SearchDocument, SearchField } from './search-documents';
import { Snippet, snippetOf } from './snippet';
import { normalizeTerm, Token, tokenize } from './tokenize';

interface Posting {
  readonly doc: number;
  readonly field: number;
  readonly count: number;
}

export interface SearchOptions {
  readonly gameId?: string;
  readonly kinds?: readonly string[];
  readonly limit: number;
}

export interface SearchHit {
  readonly id: string;
  readonly kind: string;
  readonly score: number;
  /** The field the snippet is taken from: the one that scored most. */
  readonly field: string;
  readonly snippet: Snippet;
}

/** A term reached only by prefix counts less than the word typed in full. */
const PREFIX_DISCOUNT = 0.7;

/**
 * An inverted index over a fixed set of documents, built once. A query's
 * terms must all match (in any field); the last term also matches as a
 * prefix, so results appear while the user is still typing. Scores add,
 * per term and field, field weight × (1 + ln tf) × idf.
 */
export class SearchIndex {
  private readonly postings = new Map<string, Posting[]>();
  private readonly sortedTerms: string[];
  /** Each field's words with their offsets, kept once a field has been shown in a snippet. */
  private readonly snippetTokens = new Map<SearchField, readonly Token[]>();

  constructor(private readonly documents: readonly SearchDocument[]) {
    documents.forEach((document, doc) => {
      document.fields.forEach((field, fieldIndex) => {
        const counts = new Map<string, number>();
        for (const { term } of tokenize(field.text)) counts.set(term, (counts.get(term) ?? 0) + 1);
        for (const [term, count] of counts) {
          const list = this.postings.get(term) ?? [];
          list.push({ doc, field: fieldIndex, count });
          this.postings.set(term, list);
        }
      });
    });
    this.sortedTerms = [...this.postings.keys()].sort();
  }

  get termCount(): number {
    return this.sortedTerms.length;
  }

  /** Indexed terms that start with `prefix`, found by binary search. */
  termsWithPrefix(prefix: string): string[] {
    let low = 0;
    let high = this.sortedTerms.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.sortedTerms[mid] < prefix) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < this.sortedTerms.length && this.sortedTerms[i].startsWith(prefix); i++) found.push(this.sortedTerms[i]);
    return found;
  }

  search(query: string, options: SearchOptions): SearchHit[] {
    const queryTerms = [...new Set(tokenize(query).map((token) => token.term))];
    if (queryTerms.length === 0) return [];
    const kinds = options.kinds && options.kinds.length > 0 ? new Set(options.kinds) : undefined;
    const accepts = (doc: number) => {
      const document = this.documents[doc];
      return (!options.gameId || document.gameId === options.gameId) && (!kinds || kinds.has(document.kind));
    };

    const last = queryTerms.length - 1;
    const expansions = queryTerms.map((term, i) => this.expand(term, i === last));
    const scores = new Map<number, { total: number; byField: Map<number, number>; matched: number }>();
    expansions.forEach((expansion, termIndex) => {
      const seenInThisTerm = new Set<number>();
      for (const { term, factor } of expansion) {
        const list = this.postings.get(term) ?? [];
        const idf = Math.log(1 + this.documents.length / list.length);
        for (const posting of list) {
          if (!accepts(posting.doc)) continue;
          const entry = scores.get(posting.doc) ?? { total: 0, byField: new Map(), matched: 0 };
          // Every term must match: a document missing an earlier term is not a candidate.
          if (entry.matched < termIndex) continue;
          const weight = this.documents[posting.doc].fields[posting.field].weight;
          const gain = weight * (1 + Math.log(posting.count)) * idf * factor;
          entry.total += gain;
          entry.byField.set(posting.field, (entry.byField.get(posting.field) ?? 0) + gain);
          if (!seenInThisTerm.has(posting.doc)) {
            seenInThisTerm.add(posting.doc);
            entry.matched += 1;
          }
          scores.set(posting.doc, entry);
        }
      }
    });

    const matches = new Set(expansions.flat().map((expansion) => expansion.term));
    return [...scores.entries()]
      .filter(([, entry]) => entry.matched === queryTerms.length)
      .sort(([a, x], [b, y]) => y.total - x.total || (this.documents[a].id < this.documents[b].id ? -1 : 1))
      .slice(0, options.limit)
      .map(([doc, entry]) => {
        const document = this.documents[doc];
        const bestField = [...entry.byField.entries()].sort((x, y) => y[1] - x[1])[0][0];
        const field = document.fields[bestField];
        return {
          id: document.id,
          kind: document.kind,
          score: Math.round(entry.total * 1000) / 1000,
          field: field.name,
          snippet: snippetOf(field.text, (term) => matches.has(term), undefined, this.tokensOf(field)),
        };
      });
  }

  private tokensOf(field: SearchField): readonly Token[] {
    let tokens = this.snippetTokens.get(field);
    if (!tokens) {
      tokens = tokenize(field.text);
      this.snippetTokens.set(field, tokens);
    }
    return tokens;
  }

  private expand(term: string, asPrefix: boolean): { term: string; factor: number }[] {
    const normalized = normalizeTerm(term);
    if (!asPrefix) return [{ term: normalized, factor: 1 }];
    return this.termsWithPrefix(normalized).map((found) => ({ term: found, factor: found === normalized ? 1 : PREFIX_DISCOUNT }));
  }
}
