import { Injectable } from '@nestjs/common';
import { DataSource, In, Repository } from 'typeorm';
import {
  ConflictError,
  ForbiddenError,
  InjectRepository,
  isUniqueViolation,
  parseInput,
  timeOrderedId,
  TokenService,
  UnauthenticatedError,
} from '@scriptbook/platform';
import { PlayerEntity } from './player.entity';
import { DeleteMyAccountInput, deleteMyAccountSchema, LoginInput, loginSchema, RegisterPlayerInput, registerPlayerSchema } from './player.inputs';
import { AuthPayload, RemovedAccount } from './player.model';
import { PasswordHasher } from './password-hasher';
import { SignInThrottle } from './sign-in-throttle';

@Injectable()
export class PlayersService {
  constructor(
    @InjectRepository(PlayerEntity) private readonly players: Repository<PlayerEntity>,
    private readonly dataSource: DataSource,
    private readonly tokens: TokenService,
    private readonly passwords: PasswordHasher,
    private readonly throttle: SignInThrottle,
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
      await this.players.insert(player);
    } catch (error) {
      // The unique index decides, so two simultaneous registrations cannot both win.
      if (isUniqueViolation(error)) {
        throw new ConflictError('A player with this email already exists', { field: 'input.email', rule: 'unique' });
      }
      throw error;
    }
    return this.authPayload(player);
  }

  async login(input: LoginInput, clientAddress: string): Promise<AuthPayload> {
    const valid = parseInput(loginSchema, input);
    await this.throttle.login(valid.email, clientAddress);
    const player = await this.players.findOneBy({ email: valid.email });
    if (!(await this.passwords.verify(valid.password, player?.passwordHash))) {
      throw new UnauthenticatedError('Email or password is wrong');
    }
    await this.throttle.loginSucceeded(valid.email);
    return this.authPayload(player!);
  }

  /**
   * Removes the player and voids their tokens in one step: the row goes in
   * a transaction that commits only once the revocation is in Redis, so a
   * removed player never keeps a working token.
   */
  async remove(playerId: string, input: DeleteMyAccountInput, clientAddress: string): Promise<RemovedAccount> {
    const valid = parseInput(deleteMyAccountSchema, input);
    const player = await this.players.findOneBy({ id: playerId });
    if (!player) throw new UnauthenticatedError('Sign in again: the player no longer exists');
    await this.throttle.login(player.email, clientAddress);
    if (!(await this.passwords.verify(valid.password, player.passwordHash))) {
      throw new ForbiddenError('The password is wrong; the account was not removed');
    }
    const removedAt = new Date();
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(PlayerEntity, { id: playerId });
      await this.tokens.revokeAllOf(playerId);
    });
    return { playerId, removedAt };
  }

  findById(id: string): Promise<PlayerEntity | null> {
    return this.players.findOneBy({ id });
  }

  findByIds(ids: readonly string[]): Promise<PlayerEntity[]> {
    return this.players.findBy({ id: In([...ids]) });
  }

  private authPayload(player: PlayerEntity): AuthPayload {
    const { accessToken, expiresAt } = this.tokens.issue(player.id);
    return { accessToken, expiresAt, player: { id: player.id, displayName: player.displayName } };
  }
}
