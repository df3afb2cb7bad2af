/**
 * Block calls (001 §7 "Blocks"), family /api/drone/block/manage: GET list, GET all (500 a page),
 * POST, GET /{id}, PUT, DELETE ?ids=1,2,3, DELETE force/{id}, POST share/{blockId}, DELETE
 * share/{blockId}/{userId}; the block detail's GET /{id}/sorties and /{id}/coverage; and the monitor's GET
 * /api/drone/mointor/manage/blocks with the map range. Every call needs the BlockList screen
 * (the monitor's: MonitorView); who sees and changes which block is the service's (README.md).
 */
import {
  BLOCK_BASE,
  blockAllQuery,
  blockCoverage,
  blockCoverageQuery,
  blockCreateBody,
  blockDeleteQuery,
  blockDeleteResult,
  blockDetail,
  blockIdParams,
  blockListQuery,
  blockPage,
  blockShareBody,
  blockShareParams,
  blockSortiePage,
  blockSortiesQuery,
  blockUnshareParams,
  blockUpdateBody,
  blockWriteResult,
  MONITOR_BASE,
  monitorBlocks,
  monitorBlocksQuery,
  ok as okSchema,
} from '@agrifleet/domain';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { BlocksService } from './blocks.service.ts';

const tags = ['blocks'];
const config = { access: { screens: ['BlockList'] } } as const;
const monitorConfig = { access: { screens: ['MonitorView'] } } as const;

export const blockRoutes: Routes<{ blocks: BlocksService }> = async (app, { blocks }) => {
  app.get(
    `${BLOCK_BASE}/list`,
    {
      config,
      schema: {
        tags,
        summary: 'Blocks, a page (newest first), with the §3 filters and the area of the filtered set',
        querystring: blockListQuery,
        response: { 200: okSchema(blockPage) },
      },
    },
    async (req) => ok(req, await blocks.list(callerOf(req), req.query)),
  );

  app.get(
    `${BLOCK_BASE}/all`,
    {
      config,
      schema: {
        tags,
        summary: 'Every block the caller sees, 500 a page (001 §9)',
        querystring: blockAllQuery,
        response: { 200: okSchema(blockPage) },
      },
    },
    async (req) => ok(req, await blocks.all(callerOf(req), req.query.pageIndex, req.query.size)),
  );

  app.post(
    BLOCK_BASE,
    {
      config,
      schema: {
        tags,
        summary: "Creates a block owned by the caller's account",
        body: blockCreateBody,
        response: { 200: okSchema(blockWriteResult) },
      },
    },
    async (req) => ok(req, await blocks.create(callerOf(req), req.ip, req.body)),
  );

  app.put(
    BLOCK_BASE,
    {
      config,
      schema: {
        tags,
        summary: 'Edits a block (the whole block again with blockId)',
        body: blockUpdateBody,
        response: { 200: okSchema(blockWriteResult) },
      },
    },
    async (req) => ok(req, await blocks.update(callerOf(req), req.body)),
  );

  app.delete(
    BLOCK_BASE,
    {
      config,
      schema: {
        tags,
        summary:
          'Deletes blocks (ids comma-joined), all or none; refused (409) for a block sorties or routes refer to',
        querystring: blockDeleteQuery,
        response: { 200: okSchema(blockDeleteResult) },
      },
    },
    async (req) => ok(req, await blocks.remove(callerOf(req), req.query.ids)),
  );

  app.delete(
    `${BLOCK_BASE}/force/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Deletes a block, first detaching the sorties and routes that refer to it',
        params: blockIdParams,
        response: { 200: okSchema(blockDeleteResult) },
      },
    },
    async (req) => ok(req, await blocks.forceRemove(callerOf(req), req.params.id)),
  );

  app.post(
    `${BLOCK_BASE}/share/:blockId`,
    {
      config,
      schema: {
        tags,
        summary: 'Shares a block with the user of targetUserPhone (read-only for that user)',
        params: blockShareParams,
        body: blockShareBody,
        response: { 200: okSchema(blockWriteResult) },
      },
    },
    async (req) => ok(req, await blocks.share(callerOf(req), req.params.blockId, req.body.targetUserPhone)),
  );

  app.delete(
    `${BLOCK_BASE}/share/:blockId/:userId`,
    {
      config,
      schema: {
        tags,
        summary: "Ends the block's share with a user (who then no longer sees it)",
        params: blockUnshareParams,
        response: { 200: okSchema(blockWriteResult) },
      },
    },
    async (req) => ok(req, await blocks.unshare(callerOf(req), req.params.blockId, req.params.userId)),
  );

  app.get(
    `${BLOCK_BASE}/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'A block with its shares (owner) and route count',
        params: blockIdParams,
        response: { 200: okSchema(blockDetail) },
      },
    },
    async (req) => ok(req, await blocks.detail(callerOf(req), req.params.id)),
  );

  app.get(
    `${BLOCK_BASE}/:id/sorties`,
    {
      config,
      schema: {
        tags,
        summary: 'The sorties that sprayed the block (sorties.block_id), newest first',
        params: blockIdParams,
        querystring: blockSortiesQuery,
        response: { 200: okSchema(blockSortiePage) },
      },
    },
    async (req) => ok(req, await blocks.sorties(callerOf(req), req.params.id, req.query)),
  );

  app.get(
    `${BLOCK_BASE}/:id/coverage`,
    {
      config,
      schema: {
        tags,
        summary: "The share of the block sprayed by a period's sorties or a route plan's",
        params: blockIdParams,
        querystring: blockCoverageQuery,
        response: { 200: okSchema(blockCoverage) },
      },
    },
    async (req) => ok(req, await blocks.coverage(callerOf(req), req.params.id, req.query)),
  );

  app.get(
    `${MONITOR_BASE}/blocks`,
    {
      config: monitorConfig,
      schema: {
        tags,
        summary: "The monitor's blocks in the map range, largest first, simplified to its resolution",
        querystring: monitorBlocksQuery,
        response: { 200: okSchema(monitorBlocks) },
      },
    },
    async (req) => ok(req, await blocks.monitor(callerOf(req), req.query)),
  );
};
