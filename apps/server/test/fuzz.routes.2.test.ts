/** Hostile input on every route, shard 2 of 3 (fuzz.kit.ts). */
import { fuzzShard } from './fuzz.kit.ts';

fuzzShard(1, 3);
