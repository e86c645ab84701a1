import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, Repository } from 'typeorm';
import {
  accessTokenRefused,
  BadUserInputError,
  ConflictError,
  ForbiddenError,
  InjectRepository,
  inTransaction,
  isUniqueViolation,
  parseInput,
  REMOVED_PLAYER_REASON,
  timeOrderedId,
  TokenService,
  UnauthenticatedError,
} from '@scriptbook/platform';
import { GroupMembershipService } from '../groups/group-membership.service';
import { needsRedis } from '../sessions/needs-redis';
import { SessionsService } from '../sessions/sessions.service';
import { SignInThrottle } from '../sessions/sign-in-throttle';
import { PlayerEntity } from './player.entity';
import {
  DeleteMyAccountInput,
  deleteMyAccountSchema,
  LinkEmailInput,
  linkEmailSchema,
  LoginInput,
  loginSchema,
  RegisterPlayerInput,
  registerPlayerSchema,
} from './player.inputs';
import { AuthPayload, Player, RemovedAccount, toPlayer } from './player.model';
import { PasswordHasher } from './password-hasher';

const emailTaken = () => new ConflictError('A player with this email already exists', { field: 'input.email', rule: 'unique' });

@Injectable()
export class PlayersService {
  constructor(
    @InjectRepository(PlayerEntity) private readonly players: Repository<PlayerEntity>,
    private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly passwords: PasswordHasher,
    private readonly throttle: SignInThrottle,
    private readonly sessions: SessionsService,
    private readonly groups: GroupMembershipService,
  ) {}

  async register(input: RegisterPlayerInput, clientAddress: string): Promise<AuthPayload> {
    const valid = parseInput(registerPlayerSchema, input);
    await this.throttle.register(valid.email, clientAddress);
    const player = this.players.create({
      id: timeOrderedId(),
      email: valid.email,
      displayName: valid.displayName,
      passwordHash: await this.passwords.hash(valid.password),
    });
    try {
      const grant = await inTransaction(this.dataSource, async (manager) => {
        await manager.insert(PlayerEntity, player);
        return this.sessions.open(manager, player.id, { method: 'EMAIL' });
      });
      return this.sessions.payload(player, grant);
    } catch (error) {
      // The unique index decides, so two simultaneous registrations cannot both win.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  async login(input: LoginInput, clientAddress: string): Promise<AuthPayload> {
    const valid = parseInput(loginSchema, input);
    await this.throttle.login(valid.email, clientAddress);
    const player = await this.players.findOneBy({ email: valid.email });
    const check = await this.passwords.check(valid.password, player?.passwordHash ?? undefined);
    if (!player || check === 'mismatch') throw new UnauthenticatedError('Email or password is wrong');
    await this.throttle.loginSucceeded(valid.email);
    // A hash from before passwords were normalized is replaced by the NFC one, so the next login matches at the first comparison.
    const upgradedHash = check === 'legacy-match' ? await this.passwords.hash(valid.password) : undefined;
    const grant = await inTransaction(this.dataSource, async (manager) => {
      if (upgradedHash) await manager.update(PlayerEntity, { id: player.id, passwordHash: player.passwordHash! }, { passwordHash: upgradedHash });
      return this.sessions.open(manager, player.id, { method: 'EMAIL' });
    });
    return this.sessions.payload(player, grant);
  }

  /**
   * Gives a device-only player an email and password, keeping its id, so
   * groups, campaigns and everything else it owns stay its own. Counts as a
   * registration for the throttle, since it can probe which emails are taken.
   */
  async linkEmail(playerId: string, input: LinkEmailInput, clientAddress: string): Promise<Player> {
    const valid = parseInput(linkEmailSchema, input);
    await this.throttle.register(valid.email, clientAddress);
    const player = await this.existing(playerId);
    if (player.email !== null) {
      throw new ConflictError('This player already has an email; it cannot be replaced here', { field: 'input.email', rule: 'already-linked' });
    }
    const passwordHash = await this.passwords.hash(valid.password);
    try {
      // Conditional on still having no email, so two simultaneous links cannot both apply.
      const updated = await inTransaction(this.dataSource, (manager) =>
        manager.update(PlayerEntity, { id: playerId, email: IsNull() }, { email: valid.email, passwordHash }),
      );
      if (!updated.affected) {
        throw new ConflictError('This player already has an email; it cannot be replaced here', { field: 'input.email', rule: 'already-linked' });
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
    return toPlayer({ ...player, email: valid.email, passwordHash });
  }

  /**
   * Removes the player, hands their groups on and voids their tokens in one
   * step: the row goes in a transaction that commits only once the
   * revocation is in Redis, so a removed player never keeps a working token.
   * Their sessions and devices go with the row.
   */
  async remove(playerId: string, input: DeleteMyAccountInput, clientAddress: string): Promise<RemovedAccount> {
    const valid = parseInput(deleteMyAccountSchema, input);
    const player = await this.existing(playerId);
    if (player.passwordHash !== null) {
      if (valid.password == null) throw new BadUserInputError('input.password', 'required', 'input.password: this account has a password; give it to confirm');
      await this.throttle.login(player.email ?? player.id, clientAddress);
      if ((await this.passwords.check(valid.password, player.passwordHash)) === 'mismatch') {
        throw new ForbiddenError('The password is wrong; the account was not removed');
      }
    }
    const removedAt = new Date();
    const releasedGroups = await inTransaction(this.dataSource, async (manager) => {
      const released = await this.groups.releaseMemberships(manager, playerId, removedAt);
      await manager.delete(PlayerEntity, { id: playerId });
      await needsRedis('Removing the account', () => this.tokens.revokeAllOf(playerId));
      return released;
    });
    await this.groups.groupsReleased(releasedGroups);
    return { playerId, removedAt };
  }

  findById(id: string): Promise<PlayerEntity | null> {
    return this.players.findOneBy({ id });
  }

  findByIds(ids: readonly string[]): Promise<PlayerEntity[]> {
    return this.players.findBy({ id: In([...ids]) });
  }

  private async existing(playerId: string): Promise<PlayerEntity> {
    const player = await this.players.findOneBy({ id: playerId });
    if (!player) throw accessTokenRefused(REMOVED_PLAYER_REASON);
    return player;
  }
}
