import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'player_devices' })
export class PlayerDeviceEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'player_id', type: 'varchar', length: 64 })
  playerId!: string;

  /** SHA-256 of the device id, never the id itself: the id signs its holder in. */
  @Column({ name: 'device_hash', type: 'varchar', length: 64, unique: true })
  deviceHash!: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  label!: string | null;

  @CreateDateColumn({ name: 'created_at' })
  createdAt!: Date;
}
