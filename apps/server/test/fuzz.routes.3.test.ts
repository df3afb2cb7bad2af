/** Hostile input on every route, shard 3 of 3 (fuzz.kit.ts). */
import { fuzzShard } from './fuzz.kit.ts';

fuzzShard(2, 3);
