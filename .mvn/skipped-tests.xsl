<?xml version="1.0" encoding="UTF-8"?>
<!-- Lists the skipped tests of this module's surefire reports with the reason JUnit gave (root pom, "skipped-tests"). -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="text" encoding="UTF-8"/>
  <xsl:template match="/">
    <xsl:for-each select="//testcase[skipped]">
      <xsl:variable name="first" select="normalize-space(substring-before(concat(skipped, '&#10;'), '&#10;'))"/>
      <xsl:text>SKIPPED </xsl:text>
      <xsl:value-of select="@classname"/>
      <xsl:text>.</xsl:text>
      <xsl:value-of select="@name"/>
      <xsl:text>: </xsl:text>
      <xsl:choose>
        <xsl:when test="skipped/@message"><xsl:value-of select="skipped/@message"/></xsl:when>
        <xsl:when test="contains($first, 'Assumption failed: ')">
          <xsl:value-of select="substring-after($first, 'Assumption failed: ')"/>
        </xsl:when>
        <xsl:when test="$first != ''"><xsl:value-of select="$first"/></xsl:when>
        <xsl:otherwise>no reason given</xsl:otherwise>
      </xsl:choose>
      <xsl:text>&#10;</xsl:text>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
