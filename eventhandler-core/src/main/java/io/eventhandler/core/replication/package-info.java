/**
 * Primary and backup (FRAME §3.4): the backup's buffer of replicas, the detection of a failed primary, and the roles
 * and epochs that keep two instances from both serving. The transport between the instances is the server's.
 */
package io.eventhandler.core.replication;
