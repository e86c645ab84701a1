import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** A finished game's score, the raw material of every leaderboard. */
@Entity({ name: 'game_results' })
@Index('game_results_game_id_id', ['gameId', 'id'])
export class GameResultEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'game_id', type: 'varchar', length: 64 })
  gameId!: string;

  @Column({ name: 'player_id', type: 'varchar', length: 64 })
  playerId!: string;

  @Column({ type: 'integer' })
  score!: number;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}
