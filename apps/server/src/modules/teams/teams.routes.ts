/**
 * Teams (001 §7 "Teams"), family /api/user/team. Every call serves TeamList (operators' company
 * accounts, user types 1, 4 and 5; hidden, and refused, for personal operators by the access
 * tables); writes need the ability manageTeam as well.
 */
import {
  ok as okSchema,
  TEAM_LEADER_PATH,
  TEAM_LIST_PATH,
  TEAM_MEMBERS_PATH,
  TEAM_NAME_PATH,
  TEAM_PATH,
  TEAM_SELECTABLE_PATH,
  teamAddBody,
  teamCreateBody,
  teamCreated,
  teamIdParams,
  teamLeaderBody,
  teamList,
  teamMemberList,
  teamMemberParams,
  teamNameBody,
  teamParams,
} from '@agrifleet/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { auditOf } from '../../platform/audit.ts';
import { callerOf } from '../../platform/auth/guard.ts';
import { ok } from '../../platform/http.ts';
import type { Routes } from '../../platform/routes.ts';
import type { TeamsService } from './teams.service.ts';

const tags = ['teams'];
const read = { access: { screens: ['TeamList'] } } as const;
const write = { access: { screens: ['TeamList'], ability: 'manageTeam' } } as const;
const done = okSchema(z.null());
const accountOf = (req: FastifyRequest) => callerOf(req).account.id;

export const teamRoutes: Routes<{ teams: TeamsService }> = async (app, { teams }) => {
  app.get(
    TEAM_LIST_PATH,
    {
      config: read,
      schema: { tags, summary: "The account's teams", response: { 200: okSchema(teamList) } },
    },
    async (req) => ok(req, await teams.list(accountOf(req))),
  );

  app.post(
    TEAM_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'Creates a team',
        body: teamCreateBody,
        response: { 200: okSchema(teamCreated) },
      },
    },
    async (req) => {
      auditOf(req).detail = { groupName: req.body.groupName };
      const groupId = await teams.create(accountOf(req), req.body.groupName);
      auditOf(req).target = `groupId=${groupId}`;
      return ok(req, { groupId });
    },
  );

  app.put(
    TEAM_NAME_PATH,
    {
      config: write,
      schema: { tags, summary: 'Renames a team', body: teamNameBody, response: { 200: done } },
    },
    async (req) => {
      auditOf(req).detail = { groupName: req.body.groupName };
      await teams.rename(accountOf(req), req.body.groupId, req.body.groupName);
      return ok(req, null);
    },
  );

  app.delete(
    `${TEAM_PATH}/:groupId`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Deletes a team (its members stay users)',
        params: teamParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await teams.remove(accountOf(req), req.params.groupId);
      return ok(req, null);
    },
  );

  app.get(
    `${TEAM_MEMBERS_PATH}/:teamId`,
    {
      config: read,
      schema: {
        tags,
        summary: "A team's members",
        params: teamIdParams,
        response: { 200: okSchema(teamMemberList) },
      },
    },
    async (req) => ok(req, await teams.members(accountOf(req), req.params.teamId)),
  );

  app.put(
    TEAM_LEADER_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: "Sets (or clears) a team's leader, one of its members",
        body: teamLeaderBody,
        response: { 200: done },
      },
    },
    async (req) => {
      auditOf(req).detail = { leaderUserId: req.body.leaderUserId };
      await teams.setLeader(accountOf(req), req.body.groupId, req.body.leaderUserId);
      return ok(req, null);
    },
  );

  app.delete(
    `${TEAM_PATH}/:groupId/:userId`,
    {
      config: write,
      schema: {
        tags,
        summary: 'Takes a member out of a team',
        params: teamMemberParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await teams.removeMember(accountOf(req), req.params.groupId, req.params.userId);
      return ok(req, null);
    },
  );

  app.post(
    TEAM_MEMBERS_PATH,
    {
      config: write,
      schema: {
        tags,
        summary: 'Adds users of the account (in no other team) to a team',
        body: teamAddBody,
        response: { 200: done },
      },
    },
    async (req) => {
      auditOf(req).detail = { userIds: req.body.userIds };
      await teams.add(accountOf(req), req.body.groupId, req.body.userIds);
      return ok(req, null);
    },
  );

  app.get(
    `${TEAM_SELECTABLE_PATH}/:groupId`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Users of the account that can join the team (in no team yet)',
        params: teamParams,
        response: { 200: okSchema(teamMemberList) },
      },
    },
    async (req) => ok(req, await teams.selectable(accountOf(req), req.params.groupId)),
  );
};
