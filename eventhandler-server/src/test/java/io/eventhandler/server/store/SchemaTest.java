package io.eventhandler.server.store;

import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The MySQL variant of the schema, which the store only uses on MySQL, run in H2's MySQL mode (no MySQL server here):
 * its DDL parses, runs twice, and generates ids.
 */
class SchemaTest {

    @Test
    void theMySqlDdlRunsTwiceAndGeneratesIds() throws SQLException {
        try (Connection connection = DriverManager.getConnection(
                "jdbc:h2:mem:eh-schema-mysql;MODE=MySQL;DATABASE_TO_LOWER=TRUE", "", "");
             Statement statement = connection.createStatement()) {
            for (int run = 0; run < 2; run++) {
                for (final String ddl : Schema.statements(Dialect.MYSQL)) {
                    statement.execute(ddl);
                }
            }
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO eh_event_type (name, created_at, updated_at) VALUES (?, 0, 0)",
                    Statement.RETURN_GENERATED_KEYS)) {
                insert.setString(1, "TEMPERATURE");
                insert.executeUpdate();
                try (ResultSet keys = insert.getGeneratedKeys()) {
                    assertTrue(keys.next());
                    assertEquals(1, keys.getLong(1));
                }
            }
        }
    }

    @Test
    void theDialectIsTheDatabases() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:h2:mem:eh-schema-dialect", "", "")) {
            assertEquals(Dialect.STANDARD, Dialect.of(connection));
        }
    }
}
