import { Injectable } from '@nestjs/common';
import { In, Repository } from 'typeorm';
import { ConflictError, InjectRepository, isUniqueViolation, parseInput, timeOrderedId, TokenService, UnauthenticatedError } from '@scriptbook/platform';
import { PlayerEntity } from './player.entity';
import { LoginInput, loginSchema, RegisterPlayerInput, registerPlayerSchema } from './player.inputs';
import { AuthPayload } from './player.model';
import { hashPassword, verifyPassword } from './password-hasher';

@Injectable()
export class PlayersService {
  constructor(
    @InjectRepository(PlayerEntity) private readonly players: Repository<PlayerEntity>,
    private readonly tokens: TokenService,
  ) {}

  async register(input: RegisterPlayerInput): Promise<AuthPayload> {
    const valid = parseInput(registerPlayerSchema, input);
    const player = this.players.create({
      id: timeOrderedId(),
      email: valid.email,
      displayName: valid.displayName,
      passwordHash: await hashPassword(valid.password),
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

  async login(input: LoginInput): Promise<AuthPayload> {
    const valid = parseInput(loginSchema, input);
    const player = await this.players.findOneBy({ email: valid.email });
    if (!(await verifyPassword(valid.password, player?.passwordHash))) {
      throw new UnauthenticatedError('Email or password is wrong');
    }
    return this.authPayload(player!);
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
