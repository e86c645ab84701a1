import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'players' })
export class PlayerEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  /** Stored lower-cased, so one address cannot register twice in two spellings; null for a player known only by devices. */
  @Column({ type: 'varchar', length: 254, unique: true, nullable: true })
  email!: string | null;

  @Column({ name: 'display_name', type: 'varchar', length: 40 })
  displayName!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 100, nullable: true })
  passwordHash!: string | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}
