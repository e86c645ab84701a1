import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, LessThan } from 'typeorm';
import {
  accessTokenRefused,
  ConnectionShape,
  decodeCursor,
  encodeCursor,
  inTransaction,
  isUniqueViolation,
  pageSize,
  parseInput,
  REMOVED_PLAYER_REASON,
  timeOrderedId,
  toConnection,
} from '@scriptbook/platform';
import { SessionEntity } from '../sessions/session.entity';
import { PlayerEntity } from '../players/player.entity';
import { AuthPayload, Player, toPlayer } from '../players/player.model';
import { SessionsService } from '../sessions/sessions.service';
import { SignInThrottle } from '../sessions/sign-in-throttle';
import { deviceErrors } from './device-errors';
import { hashSecret } from './device-id';
import { Device } from './device.model';
import { LinkDeviceInput, linkDeviceSchema, SignInWithDeviceInput, signInWithDeviceSchema } from './device.inputs';
import { PlayerDeviceEntity } from './player-device.entity';

/** What a device-only player is called until they choose a name. */
export const DEFAULT_DISPLAY_NAME = 'Player';

/** Signing in by device id: a new device makes an anonymous player, a known one signs its player in. */
@Injectable()
export class DevicesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsService,
    private readonly throttle: SignInThrottle,
  ) {}

  async signIn(input: SignInWithDeviceInput, clientAddress: string): Promise<AuthPayload> {
    const valid = parseInput(signInWithDeviceSchema, input);
    const deviceHash = hashSecret(valid.deviceId);
    await this.throttle.device(deviceHash, clientAddress);
    const attempt = () =>
      inTransaction(this.dataSource, async (manager) => {
        const known = await manager.findOneBy(PlayerDeviceEntity, { deviceHash });
        if (!known) await this.throttle.newDevicePlayerFrom(clientAddress);
        const device = known ?? (await this.createPlayerWithDevice(manager, deviceHash, valid.displayName, valid.deviceName));
        const player = await manager.findOneByOrFail(PlayerEntity, { id: device.playerId });
        const grant = await this.sessions.open(manager, player.id, { method: 'DEVICE', deviceId: device.id, label: device.label });
        return { player, grant };
      });
    // Two first sign-ins of one device at once: the unique index lets one create the player, the other then finds it.
    const { player, grant } = await attempt().catch((error) => (isUniqueViolation(error) ? attempt() : Promise.reject(error)));
    return this.sessions.payload(player, grant);
  }

  /** Adds a device to the signed-in player; linking one it already has changes nothing. */
  async link(playerId: string, input: LinkDeviceInput, clientAddress: string): Promise<Player> {
    const valid = parseInput(linkDeviceSchema, input);
    const deviceHash = hashSecret(valid.deviceId);
    await this.throttle.device(deviceHash, clientAddress);
    const player = await inTransaction(this.dataSource, async (manager) => {
      const owner = await manager.findOneBy(PlayerEntity, { id: playerId });
      if (!owner) throw accessTokenRefused(REMOVED_PLAYER_REASON);
      const known = await manager.findOneBy(PlayerDeviceEntity, { deviceHash });
      if (known && known.playerId !== playerId) throw deviceErrors.linkedElsewhere();
      if (!known) await manager.insert(PlayerDeviceEntity, this.device(playerId, deviceHash, valid.deviceName));
      return owner;
    }).catch((error) => Promise.reject(isUniqueViolation(error) ? deviceErrors.linkedElsewhere() : error));
    return toPlayer(player);
  }

  /** The player's linked devices, newest first, marking the one the current session came from. */
  async list(playerId: string, currentSessionId: string | undefined, first?: number | null, after?: string | null): Promise<ConnectionShape<Device>> {
    const limit = pageSize(first);
    const afterId = after ? String(decodeCursor(after, 1)[0]) : undefined;
    const rows = await this.dataSource.getRepository(PlayerDeviceEntity).find({
      where: { playerId, ...(afterId ? { id: LessThan(afterId) } : {}) },
      order: { id: 'DESC' },
      take: limit + 1,
    });
    const current = currentSessionId ? await this.dataSource.getRepository(SessionEntity).findOneBy({ id: currentSessionId, playerId }) : null;
    const page = toConnection(rows, limit, (row) => encodeCursor([row.id]), afterId !== undefined);
    return {
      pageInfo: page.pageInfo,
      edges: page.edges.map(({ cursor, node }) => ({
        cursor,
        node: { id: node.id, label: node.label, createdAt: node.createdAt, current: node.id === current?.deviceId },
      })),
    };
  }

  /**
   * Takes a device off the player, for a lost or replaced one: its id no
   * longer signs anyone in (a later signInWithDevice with it makes a new
   * player) and the sessions it started end at once. A player without an
   * email keeps at least one device, or nothing could sign it in again.
   */
  async unlink(playerId: string, id: string): Promise<boolean> {
    await inTransaction(this.dataSource, async (manager) => {
      const device = await manager.findOneBy(PlayerDeviceEntity, { id, playerId });
      if (!device) throw deviceErrors.notLinked(id);
      // The player's row lock makes two simultaneous unlinks count devices one after the other (SQLite runs them in turn anyway).
      const lock = manager.connection.options.type === 'postgres' ? { mode: 'pessimistic_write' as const } : undefined;
      const player = await manager.findOneOrFail(PlayerEntity, { where: { id: playerId }, lock });
      if (player.email === null && (await manager.countBy(PlayerDeviceEntity, { playerId })) <= 1) throw deviceErrors.lastWayIn();
      await this.sessions.endDeviceSessions(manager, playerId, id);
      await manager.delete(PlayerDeviceEntity, { id });
    });
    return true;
  }

  private async createPlayerWithDevice(
    manager: EntityManager,
    deviceHash: string,
    displayName: string | null | undefined,
    deviceName: string | null | undefined,
  ): Promise<PlayerDeviceEntity> {
    const player = manager.create(PlayerEntity, {
      id: timeOrderedId(),
      email: null,
      passwordHash: null,
      displayName: displayName ?? DEFAULT_DISPLAY_NAME,
    });
    await manager.insert(PlayerEntity, player);
    const device = this.device(player.id, deviceHash, deviceName);
    await manager.insert(PlayerDeviceEntity, device);
    return device;
  }

  private device(playerId: string, deviceHash: string, label: string | null | undefined): PlayerDeviceEntity {
    return Object.assign(new PlayerDeviceEntity(), { id: timeOrderedId(), playerId, deviceHash, label: label ?? null });
  }
}
