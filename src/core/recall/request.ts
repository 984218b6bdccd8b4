/** What a recall asks: the query, how many, where and when, and what it may read. */
import type { MetadataFilter } from "../metadata-filter.js";
import type { Belief, Episode, EpisodeType } from "../model.js";
import type { Judge, Lexicon } from "../ports.js";

export interface RecallRequest {
  query: string;
  k: number;
  namespaces: string[];
  at?: string | undefined;
  asOf?: string | undefined;
  kinds?: readonly string[] | undefined;
  /** Episode types to keep (observation, decision…); narrows to episodes when `kinds` is not given. */
  types?: readonly EpisodeType[] | undefined;
  diversity: number;
  /** Store time used for the forgetting curve. */
  now: string;
  /** Judge used to order disagreeing beliefs (newer first); none: no reordering. */
  judge?: Judge | undefined;
  /**
   * Word relations for the slot a current-state question asks ("puppy" fills "dog"); read only on
   * that path. None: a statement fills the asked slot in the question's own words only.
   */
  lexicon?: Lexicon | undefined;
  /** Only items whose metadata matches (exact, top-level fields); a representing belief too. */
  metadata?: MetadataFilter | undefined;
  /**
   * Filled with every record this recall read, by id, for a caller that needs the hits' rows
   * (context) and would otherwise read them again.
   */
  records?: Map<string, Belief | Episode> | undefined;
}
