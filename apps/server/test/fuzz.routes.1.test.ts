/** Hostile input on every route, shard 1 of 3 (fuzz.kit.ts). */
import { fuzzShard } from './fuzz.kit.ts';

fuzzShard(0, 3);
